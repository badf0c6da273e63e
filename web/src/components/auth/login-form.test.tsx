import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { fieldCheck } from '@/lib/field-check'
import { ApiError } from '@/lib/api/client'
import { LoginField, LoginForm, useLoginForm, type LoginAction, type LoginChecks } from './login-form'

interface Values {
  email: string
  password: string
}

const checks: LoginChecks<Values> = { email: fieldCheck('email'), password: fieldCheck('loginPassword') }
const failure = { title: 'Falha no login', fallback: 'Não foi possível entrar' }

function Form({ login }: { login: LoginAction<Values> }) {
  const form = useLoginForm(checks, { email: '', password: '' })
  return (
    <LoginForm form={form} login={login} failure={failure}>
      <LoginField form={form} name="email" label="E-mail" type="email" />
      <LoginField form={form} name="password" label="Senha" type="password" description="A sua senha" />
    </LoginForm>
  )
}

describe('login form', () => {
  it('checks nothing before the first submit, then every field, focusing the first in error', async () => {
    const login = { mutate: vi.fn(), isPending: false }
    render(<Form login={login} />)
    await userEvent.type(screen.getByLabelText('E-mail'), 'x')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }))
    expect(screen.getByText('E-mail inválido')).toBeInTheDocument()
    expect(screen.getByText('Senha é obrigatória')).toBeInTheDocument()
    expect(screen.getByLabelText('E-mail')).toHaveFocus()
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Senha')).toHaveAccessibleDescription(expect.stringContaining('Senha é obrigatória'))
    expect(login.mutate).not.toHaveBeenCalled()
  })

  it('checks a field again as it changes once the form was submitted, and sends the checked values', async () => {
    const login = { mutate: vi.fn(), isPending: false }
    render(<Form login={login} />)
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }))
    await userEvent.type(screen.getByLabelText('E-mail'), '  carla@ex.com ')
    expect(screen.queryByText(/E-mail é obrigatório|E-mail inválido/)).not.toBeInTheDocument()
    expect(screen.getByText('Senha é obrigatória')).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Senha'), ' segredo ')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }))
    expect(login.mutate).toHaveBeenCalledWith({ email: 'carla@ex.com', password: ' segredo ' }, expect.anything())
  })

  it("puts the server's field errors under their inputs, the first focused, until the field changes", async () => {
    const refusal = new ApiError(400, 'Dados inválidos', { password: 'Senha deve ter no máximo 256 caracteres' })
    const login: LoginAction<Values> = { mutate: (_values, options) => options?.onError?.(refusal), isPending: false }
    render(<Form login={login} />)
    await userEvent.type(screen.getByLabelText('E-mail'), 'carla@ex.com')
    await userEvent.type(screen.getByLabelText('Senha'), 'segredo{Enter}')
    expect(screen.getByText('Senha deve ter no máximo 256 caracteres')).toBeInTheDocument()
    expect(screen.getByLabelText('Senha')).toHaveFocus()
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'false')
    await userEvent.type(screen.getByLabelText('Senha'), '1')
    expect(screen.queryByText('Senha deve ter no máximo 256 caracteres')).not.toBeInTheDocument()
  })

  it('keeps what `parse` lets through', async () => {
    function Digits() {
      const form = useLoginForm({ code: fieldCheck('email') }, { code: '' })
      return <LoginField form={form} name="code" label="Código" parse={(typed) => typed.replace(/\D/g, '')} />
    }
    render(<Digits />)
    await userEvent.type(screen.getByLabelText('Código'), '12 a3')
    expect(screen.getByLabelText('Código')).toHaveValue('123')
  })
})
