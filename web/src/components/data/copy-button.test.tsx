import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import * as toasts from '@/components/ui/use-toast'
import { renderWithProviders } from '@/test/render'
import { COPY_FEEDBACK_MS } from './clipboard'
import { CopyButton } from './copy-button'

afterEach(() => vi.restoreAllMocks())

describe('copy feedback', () => {
  it("says 'Copiado!' for three seconds", async () => {
    const user = userEvent.setup()
    const toast = vi.spyOn(toasts, 'toast')
    renderWithProviders(<CopyButton value="abc123" label="Copiar código" success="Código copiado." />)
    await user.click(screen.getByRole('button', { name: 'Copiar código' }))
    expect(await navigator.clipboard.readText()).toBe('abc123')
    expect(await screen.findByText('Copiado!')).toBeInTheDocument()
    expect(toast).toHaveBeenCalledWith({ title: 'Copiado!', description: 'Código copiado.', duration: 3000 })
    expect(COPY_FEEDBACK_MS).toBe(3000)
  })

  it("says 'Erro ao copiar' when the browser refuses, for three seconds", async () => {
    const user = userEvent.setup()
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'))
    const toast = vi.spyOn(toasts, 'toast')
    renderWithProviders(<CopyButton value="abc123" label="Copiar código" errorDescription="Copie o código à mão." />)
    await user.click(screen.getByRole('button', { name: 'Copiar código' }))
    expect(await screen.findByText('Erro ao copiar')).toBeInTheDocument()
    expect(screen.getByText('Copie o código à mão.')).toBeInTheDocument()
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ variant: 'destructive', title: 'Erro ao copiar', duration: 3000 }))
  })
})
