import { describe, expect, it } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import { DeferredToaster } from './deferred-toaster'
import { toast } from './use-toast'

describe('DeferredToaster', () => {
  it('renders nothing until a toast is shown, then the toast', async () => {
    const { container } = render(<DeferredToaster />)
    expect(container).toBeEmptyDOMElement()
    expect(screen.queryByRole('region')).not.toBeInTheDocument()
    act(() => {
      toast({ title: 'Conta atualizada', description: 'Conta MetaTrader vinculada com sucesso' })
    })
    expect(await screen.findByText('Conta atualizada')).toBeInTheDocument()
    expect(screen.getByText('Conta MetaTrader vinculada com sucesso')).toBeInTheDocument()
  })
})
