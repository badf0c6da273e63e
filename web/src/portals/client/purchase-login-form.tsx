import * as React from 'react'
import { LoginField, LoginForm, useLoginForm, type LoginAction, type LoginChecks } from '@/components/auth/login-form'
import { Spinner } from '@/components/ui/spinner'
import { isSignInCodeSent, useRequestPurchaseCode } from '@/features/auth/api/client-session'
import { fieldCheck } from '@/lib/field-check'

/** What step one sends: the purchase's e-mail and id. */
export interface Purchase {
  email: string
  purchaseId: string
}

export const clientPurchaseLoginChecks: LoginChecks<Purchase> = {
  email: fieldCheck('email'),
  purchaseId: fieldCheck('purchaseId'),
}

// Step two is a chunk of its own, fetched as soon as step one is on the page (so it is there when the code is sent).
const loadCodeStep = () => import('./purchase-code-step')
const CodeStep = React.lazy(() => loadCodeStep().then(({ CodeStep }) => ({ default: CodeStep })))

const failure = { title: 'Erro ao fazer login', fallback: 'E-mail ou ID de compra inválidos' }

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
    <React.Suspense fallback={<Spinner className="mx-auto my-8 size-6 text-primary" />}>
      <CodeStep
        purchase={purchase}
        message={sentMessage}
        onResent={setSentMessage}
        onBack={() => {
          setReturned(true)
          setSentMessage(null)
        }}
      />
    </React.Suspense>
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
  const form = useLoginForm(clientPurchaseLoginChecks, defaults)
  React.useEffect(() => {
    void loadCodeStep()
  }, [])
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
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- only on coming back from the code step: focus returns to what the client chose to change */}
      <LoginField form={form} name="email" label="E-mail" type="email" autoComplete="email" placeholder="seu@email.com" autoFocus={focusEmail} />
      <LoginField
        form={form}
        name="purchaseId"
        label="ID de Compra"
        autoComplete="off"
        placeholder="Ex.: HP1234567890"
        description="Você recebeu o ID de compra por e-mail após a compra. Enviaremos um código para o seu e-mail."
      />
    </LoginForm>
  )
}
