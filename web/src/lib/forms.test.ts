import { describe, expect, it } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import { useForm } from 'react-hook-form'
import { ApiError } from '@/lib/api/client'
import { applyServerErrors } from './forms'

function loginForm() {
  return renderHook(() => useForm({ defaultValues: { email: '', password: '', profile: { name: '' } } })).result
}

function expectNoErrors(form: ReturnType<typeof loginForm>['current']) {
  for (const name of ['email', 'password', 'profile.name'] as const) expect(form.getFieldState(name).error, name).toBeUndefined()
}

describe('applyServerErrors', () => {
  it("puts each of the server's field errors on the input of that name and returns the message", () => {
    const form = loginForm()
    const error = new ApiError(400, 'Dados inválidos', { email: 'E-mail inválido', password: 'Senha é obrigatória' })
    let summary = ''
    act(() => {
      summary = applyServerErrors(form.current, error, 'Falhou')
    })
    expect(summary).toBe('Dados inválidos')
    expect(form.current.getFieldState('email').error).toMatchObject({ type: 'server', message: 'E-mail inválido' })
    expect(form.current.getFieldState('password').error).toMatchObject({ type: 'server', message: 'Senha é obrigatória' })
  })

  it('reaches nested inputs by their dotted name', () => {
    const form = loginForm()
    act(() => {
      applyServerErrors(form.current, new ApiError(400, 'Dados inválidos', { 'profile.name': 'Nome é obrigatório' }), 'Falhou')
    })
    expect(form.current.getFieldState('profile.name').error?.message).toBe('Nome é obrigatório')
  })

  it("adds to the summary the messages of fields the form doesn't have", () => {
    const form = loginForm()
    let summary = ''
    act(() => {
      summary = applyServerErrors(form.current, new ApiError(400, 'Dados inválidos', { securityKey: 'Chave de segurança é obrigatória' }), 'Falhou')
    })
    expect(summary).toBe('Dados inválidos Chave de segurança é obrigatória')
    expectNoErrors(form.current)
  })

  it('uses the fallback when the server sent no message, and for errors that are not API errors', () => {
    const form = loginForm()
    expect(applyServerErrors(form.current, new ApiError(502, '502: Bad Gateway', {}, false), 'Tente novamente.')).toBe('Tente novamente.')
    expect(applyServerErrors(form.current, new TypeError('Failed to fetch'), 'Tente novamente.')).toBe('Tente novamente.')
    expectNoErrors(form.current)
  })
})
