import { ArrowLeftIcon } from 'lucide-react'
import { FormOutcomeAlert } from '@/components/auth/form-outcome'
import { LoginField, LoginForm, useLoginForm, type LoginAction, type LoginChecks, type LoginFormState } from '@/components/auth/login-form'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { isSignInCodeSent, useClientPurchaseLogin, useRequestPurchaseCode } from '@/features/auth/api/client-session'
import { ApiError, errorMessage } from '@/lib/api/client'
import type { Purchase } from './purchase-login-form'

interface CodeValues {
  code: string
}

export const CODE_LENGTH = 6

const CODE_PATTERN = new RegExp(`^\\d{${CODE_LENGTH}}$`)

/** The code e-mailed by step one: six digits (what the server checks, with its message). */
export const signInCodeChecks: LoginChecks<CodeValues> = {
  code: (typed) => {
    const value = typed.trim()
    if (!value) return { value, error: 'Digite o código que enviamos por e-mail' }
    return { value, error: CODE_PATTERN.test(value) ? null : `O código tem ${CODE_LENGTH} dígitos` }
  },
}

/**
 * Step two of the purchase-id sign-in: the code e-mailed by step one opens the session; a new code can be asked for,
 * or the e-mail and purchase id changed. A chunk of its own (`PurchaseLoginForm` loads it), not on the login's first
 * screen.
 */
export function CodeStep({
  purchase,
  message,
  onResent,
  onBack,
}: {
  purchase: Purchase
  message: string
  onResent: (message: string) => void
  onBack: () => void
}) {
  const login = useClientPurchaseLogin()
  const resend = useRequestPurchaseCode()
  const form = useLoginForm(signInCodeChecks, { code: '' })

  const action: LoginAction<CodeValues> = {
    isPending: login.isPending,
    mutate: ({ code }, options) =>
      login.mutate(
        { ...purchase, code },
        {
          onError: (error) => {
            options?.onError?.(error)
            // A wrong or expired code (401) names no field: it still belongs under the code.
            if (error instanceof ApiError && error.status === 401) {
              form.setError('code', errorMessage(error, 'Código inválido ou expirado. Peça um novo código.'), { shouldFocus: true })
            }
          },
        },
      ),
  }

  const resendCode = () =>
    resend.mutate(purchase, {
      onSuccess: (answer) => {
        if (!isSignInCodeSent(answer)) return
        onResent(answer.message)
        form.reset({ code: '' })
        form.setFocus('code')
        toast({ title: 'Código enviado', description: answer.message })
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Erro ao enviar código', description: errorMessage(error, 'Não foi possível enviar um novo código. Tente novamente.') }),
    })

  const busy = login.isPending || resend.isPending
  return (
    <div className="grid gap-4">
      <FormOutcomeAlert outcome={{ ok: true, message }} />
      <LoginForm
        form={form}
        login={action}
        failure={{ title: 'Erro ao fazer login', fallback: 'Código inválido ou expirado. Peça um novo código.' }}
        footer={
          <div className="grid justify-items-center gap-1">
            <Button variant="link" size="sm" className="h-auto px-0" onClick={resendCode} disabled={busy}>
              {resend.isPending && <Spinner label="Enviando" />}
              Enviar novo código
            </Button>
            <Button variant="link" size="sm" className="h-auto px-0" onClick={onBack} disabled={busy}>
              <ArrowLeftIcon aria-hidden />
              Alterar e-mail ou ID de compra
            </Button>
          </div>
        }
      >
        <CodeField form={form} />
      </LoginForm>
    </div>
  )
}

/** The 6-digit code: digits only (a pasted "123 456" keeps its digits), offered by the phone's keyboard and autofill. */
function CodeField({ form }: { form: LoginFormState<CodeValues> }) {
  return (
    <LoginField
      form={form}
      name="code"
      label="Código"
      parse={(typed) => typed.replace(/\D/g, '').slice(0, CODE_LENGTH)}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={CODE_LENGTH}
      placeholder="000000"
      // eslint-disable-next-line jsx-a11y/no-autofocus -- focus follows the client to the step they just opened, not a page load
      autoFocus
      className="text-center font-mono text-lg tracking-[0.4em]"
      description={`Digite o código de ${CODE_LENGTH} dígitos do e-mail. Não chegou? Veja a caixa de spam ou peça um novo código.`}
    />
  )
}
