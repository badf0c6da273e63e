/**
 * Radix Select in jsdom (imported by tests only).
 */
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'

/** jsdom lacks the pointer-capture and scrolling calls Radix Select makes when it opens. */
export function polyfillRadixSelect(): void {
  Element.prototype.hasPointerCapture ??= () => false
  Element.prototype.releasePointerCapture ??= () => {}
  Element.prototype.setPointerCapture ??= () => {}
  Element.prototype.scrollIntoView ??= () => {}
}

/** Opens the select labelled `label` (inside `container`, default the whole page) and picks `option`. */
export async function choose(label: string | RegExp, option: string | RegExp, container: HTMLElement = document.body): Promise<void> {
  await userEvent.click(within(container).getByLabelText(label))
  await userEvent.click(await screen.findByRole('option', { name: option }))
}
