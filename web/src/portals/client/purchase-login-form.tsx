import * as React from 'react'
import { z } from 'zod'
import { ArrowLeftIcon } from 'lucide-react'
import type { Control } from 'react-hook-form'
import { FormOutcomeAlert } from '@/components/auth/form-outcome'
import { LoginField, LoginForm, useLoginForm, type LoginAction } from '@/components/auth/login-form'
import { Button } from '@/components/ui/button'
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { isSignInCodeSent, useClientPurchaseLogin, useRequestPurchaseCode } from '@/features/auth/api/client-session'
import { ApiError, errorMessage } from '@/lib/api/client'
import { fieldSchema } from '@/lib/field-rules'

export const clientPurchaseLoginSchema = z.object({
  email: fieldSchema('email'),
  purchaseId: fieldSchema('purchaseId'),
})

export const CODE_LENGTH = 6

/** The code e-mailed by step one: six digits (what the server checks, with its message). */
export const signInCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'Digite o código que enviamos por e-mail')
    .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), `O código tem ${CODE_LENGTH} dígitos`),
})

type Purchase = z.infer<typeof clientPurchaseLoginSchema>
type CodeValues = z.infer<typeof signInCodeSchema>

const failure = { title: 'Erro ao fazer login', fallback: 'Email ou ID de compra inválidos' }

/**
 * The purchase-id sign-in, in two steps: e-mail and purchase id send a 6-digit code to that e-mail (the server
 * says where); the code then opens the session. A purchase id alone is not enough: whoever bought with someone
 * else's e-mail never sees that mailbox.
 */
export function PurchaseLoginForm() {
  const [purchase, setPurchase] = React.useState<Purchase>({ email: '', purchaseId: '' })
  // The server's "Enviamos um código…" sentence: set once a code was sent, which shows step two.
  const [sentMessage, setSentMessage] = React.useState<string | null>(null)
  const [returned, setReturned] = React.useState(false)

  if (sentMessage === null) {
    return (
      <PurchaseStep
        defaults={purchase}
        focusEmail={returned}
        onCodeSent={(values, message) => {
          setPurchase(values)
          setSentMessage(message)
        }}
      />
    )
  }
  return (
    <CodeStep
      purchase={purchase}
      message={sentMessage}
      onResent={setSentMessage}
      onBack={() => {
        setReturned(true)
        setSentMessage(null)
      }}
    />
  )
}

function PurchaseStep({
  defaults,
  focusEmail,
  onCodeSent,
}: {
  defaults: Purchase
  focusEmail: boolean
  onCodeSent: (purchase: Purchase, message: string) => void
}) {
  const requestCode = useRequestPurchaseCode()
  const form = useLoginForm(clientPurchaseLoginSchema, defaults)
  const login: LoginAction<Purchase> = {
    isPending: requestCode.isPending,
    mutate: (values, options) =>
      requestCode.mutate(values, {
        ...options,
        onSuccess: (answer) => {
          if (isSignInCodeSent(answer)) onCodeSent(values, answer.message)
        },
      }),
  }
  return (
    <LoginForm form={form} login={login} failure={failure} submitLabel="Enviar código">
      <LoginField control={form.control} name="email" label="Email" type="email" autoComplete="email" placeholder="seu@email.com" autoFocus={focusEmail} />
      <LoginField
        control={form.control}
        name="purchaseId"
        label="ID de Compra"
        autoComplete="off"
        placeholder="Ex.: HP1234567890"
        description="Você recebeu o ID de compra por e-mail após a compra. Enviaremos um código para o seu e-mail."
      />
    </LoginForm>
  )
}

function CodeStep({
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
  const form = useLoginForm(signInCodeSchema, { code: '' })

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
              form.setError('code', { type: 'server', message: errorMessage(error, 'Código inválido ou expirado. Peça um novo código.') }, { shouldFocus: true })
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
        <CodeField control={form.control} />
      </LoginForm>
    </div>
  )
}

/** The 6-digit code: digits only (a pasted "123 456" keeps its digits), offered by the phone's keyboard and autofill. */
function CodeField({ control }: { control: Control<CodeValues> }) {
  return (
    <FormField
      control={control}
      name="code"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Código</FormLabel>
          <FormControl>
            <Input
              {...field}
              onChange={(event) => field.onChange(event.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={CODE_LENGTH}
              placeholder="000000"
              autoFocus
              className="text-center font-mono text-lg tracking-[0.4em]"
            />
          </FormControl>
          <FormDescription>Digite o código de {CODE_LENGTH} dígitos do e-mail. Não chegou? Veja a caixa de spam ou peça um novo código.</FormDescription>
          <FormMessage />
        </FormItem>
      )}
    />
  )
}
