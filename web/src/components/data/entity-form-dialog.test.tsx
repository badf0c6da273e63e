import * as React from 'react'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useMutation } from '@tanstack/react-query'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import * as toasts from '@/components/ui/use-toast'
import { ApiError } from '@/lib/api/client'
import { renderWithProviders } from '@/test/render'
import { EntityFormDialog } from './entity-form-dialog'
import { TextField } from './form-fields'

const schema = z.object({ name: z.string().min(1, 'Campo obrigatório'), email: z.string() })
type Values = z.infer<typeof schema>
interface Robot {
  id: string
  name: string
  email: string
}

/** A page with a "Novo" and an "Editar" button over the dialog; `save` answers the mutation. */
function Page({ save, onInvalid }: { save: (variables: { id?: string; body: Values }) => Promise<unknown>; onInvalid?: () => void }) {
  const [open, setOpen] = React.useState(false)
  const [robot, setRobot] = React.useState<Robot | null>(null)
  const mutation = useMutation({ mutationFn: save })
  return (
    <>
      <Button
        onClick={() => {
          setRobot(null)
          setOpen(true)
        }}
      >
        Novo
      </Button>
      <Button
        onClick={() => {
          setRobot({ id: 'r1', name: 'Scalper', email: 'a@b.c' })
          setOpen(true)
        }}
      >
        Editar
      </Button>
      <EntityFormDialog
        open={open}
        onOpenChange={setOpen}
        item={robot}
        title={{ create: 'Novo Robô', edit: 'Editar Robô' }}
        description="Dados do robô."
        resolver={zodResolver(schema)}
        defaultValues={{ name: robot?.name ?? '', email: robot?.email ?? '' }}
        mutation={mutation}
        variables={(values) => ({ id: robot?.id, body: values })}
        texts={{ created: 'Robô criado', updated: 'Robô atualizado', failed: { create: 'Erro ao criar robô', edit: 'Erro ao atualizar robô' }, fallback: 'Não foi possível salvar o robô.' }}
        onInvalid={onInvalid}
      >
        {(form) => (
          <>
            <TextField control={form.control} name="name" label="Nome" required />
            <TextField control={form.control} name="email" label="E-mail" />
          </>
        )}
      </EntityFormDialog>
    </>
  )
}

// The toaster's list outlives a test: each test checks the toasts it asked for.
let toast: MockInstance<typeof toasts.toast>
beforeEach(() => {
  toast = vi.spyOn(toasts, 'toast')
})
afterEach(() => vi.restoreAllMocks())

describe('EntityFormDialog', () => {
  it('opens a new row empty, sends the values, toasts the creation and closes', async () => {
    const user = userEvent.setup()
    const save = vi.fn().mockResolvedValue({})
    renderWithProviders(<Page save={save} />)
    await user.click(screen.getByRole('button', { name: 'Novo' }))
    const dialog = await screen.findByRole('dialog', { name: 'Novo Robô' })
    expect(within(dialog).getByText('Dados do robô.')).toBeInTheDocument()
    expect(within(dialog).getByLabelText(/Nome/)).toHaveValue('')
    await user.type(within(dialog).getByLabelText(/Nome/), 'Trend')
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(save.mock.calls[0][0]).toEqual({ id: undefined, body: { name: 'Trend', email: '' } })
    expect(toast).toHaveBeenCalledWith({ title: 'Robô criado' })
  })

  it("opens an edit with the row's values and resets them on the next opening", async () => {
    const user = userEvent.setup()
    const save = vi.fn().mockResolvedValue({})
    renderWithProviders(<Page save={save} />)
    await user.click(screen.getByRole('button', { name: 'Editar' }))
    let dialog = await screen.findByRole('dialog', { name: 'Editar Robô' })
    expect(within(dialog).getByLabelText(/Nome/)).toHaveValue('Scalper')
    await user.type(within(dialog).getByLabelText(/Nome/), ' v2')
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(save).not.toHaveBeenCalled()

    await user.click(screen.getByRole('button', { name: 'Novo' }))
    dialog = await screen.findByRole('dialog', { name: 'Novo Robô' })
    expect(within(dialog).getByLabelText(/Nome/)).toHaveValue('')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await user.click(screen.getByRole('button', { name: 'Editar' }))
    dialog = await screen.findByRole('dialog', { name: 'Editar Robô' })
    expect(within(dialog).getByLabelText(/Nome/)).toHaveValue('Scalper')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(save.mock.calls[0][0]).toEqual({ id: 'r1', body: { name: 'Scalper', email: 'a@b.c' } })
    expect(toast).toHaveBeenCalledWith({ title: 'Robô atualizado' })
  })

  it("puts the server's field errors under their inputs, toasts the failure and stays open", async () => {
    const user = userEvent.setup()
    const save = vi.fn().mockRejectedValue(new ApiError(400, 'Dados inválidos.', { email: 'E-mail já cadastrado.' }))
    renderWithProviders(<Page save={save} />)
    await user.click(screen.getByRole('button', { name: 'Editar' }))
    const dialog = await screen.findByRole('dialog', { name: 'Editar Robô' })
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await within(dialog).findByText('E-mail já cadastrado.')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true')
    expect(toast).toHaveBeenCalledWith({ variant: 'destructive', title: 'Erro ao atualizar robô', description: 'Dados inválidos.' })
    expect(screen.getByRole('dialog', { name: 'Editar Robô' })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Salvar' })).toBeEnabled()
  })

  it('disables both buttons while saving', async () => {
    const user = userEvent.setup()
    let answer: (value: unknown) => void = () => {}
    const save = vi.fn(() => new Promise((resolve) => (answer = resolve)))
    renderWithProviders(<Page save={save} />)
    await user.click(screen.getByRole('button', { name: 'Editar' }))
    const dialog = await screen.findByRole('dialog', { name: 'Editar Robô' })
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /Salvar/ })).toBeDisabled())
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeDisabled()
    answer({})
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('closed while saving: the next opening starts idle and the late answer neither toasts nor closes it', async () => {
    const user = userEvent.setup()
    let answer: (value: unknown) => void = () => {}
    const save = vi.fn(() => new Promise((resolve) => (answer = resolve)))
    renderWithProviders(<Page save={save} />)
    await user.click(screen.getByRole('button', { name: 'Editar' }))
    let dialog = await screen.findByRole('dialog', { name: 'Editar Robô' })
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /Salvar/ })).toBeDisabled())
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await user.click(screen.getByRole('button', { name: 'Novo' }))
    dialog = await screen.findByRole('dialog', { name: 'Novo Robô' })
    expect(within(dialog).getByRole('button', { name: 'Criar' })).toBeEnabled()
    answer({})
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.getByRole('dialog', { name: 'Novo Robô' })).toBeInTheDocument()
    expect(toast).not.toHaveBeenCalled()
  })

  it("sends nothing when the form's own checks refuse, and calls onInvalid", async () => {
    const user = userEvent.setup()
    const save = vi.fn()
    const onInvalid = vi.fn()
    renderWithProviders(<Page save={save} onInvalid={onInvalid} />)
    await user.click(screen.getByRole('button', { name: 'Novo' }))
    const dialog = await screen.findByRole('dialog', { name: 'Novo Robô' })
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }))
    expect(await within(dialog).findByText('Campo obrigatório')).toBeInTheDocument()
    expect(onInvalid).toHaveBeenCalledOnce()
    expect(save).not.toHaveBeenCalled()
  })
})
