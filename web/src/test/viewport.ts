import { vi } from 'vitest'

/** A phone's width (an iPhone 12-15 in portrait), below the 768 px where lists turn into cards. */
export const PHONE_WIDTH = 390

/**
 * Makes `window.matchMedia` answer as a window `width` px wide (jsdom has no layout, nor matchMedia), for components
 * that choose their layout with `useIsMobile`. Call before rendering; `setup.ts` undoes it after each test.
 */
export function setViewportWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: mediaMatches(query, width),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }))
}

/** Whether every `(min-width: Npx)` / `(max-width: Npx)` of a query holds at `width`. */
function mediaMatches(query: string, width: number): boolean {
  return [...query.matchAll(/\((min|max)-width:\s*(\d+(?:\.\d+)?)px\)/g)].every(([, bound, px]) =>
    bound === 'min' ? width >= Number(px) : width <= Number(px),
  )
}
