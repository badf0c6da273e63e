import * as React from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { PublicCardPage } from '@/components/public-card-page'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useClientAccessLinkSignIn } from '@/features/auth/api/client-access-link'
import { ApiError, errorMessage } from '@/lib/api/client'

const INVALID_LINK = 'Link de acesso inválido, expirado ou já usado.'

/** The link did not sign the buyer in: why, and the two ways on (e-mail and password, or a new link from the seller). */
function LinkNotAccepted({ message }: { message: string }) {
  return (
    <PublicCardPage title="Link de acesso" description="Não foi possível entrar com este link.">
      <Alert variant="destructive">
        <AlertTitle>Link não aceito</AlertTitle>
        <AlertDescription>{message}</AlertDescription>
      </Alert>
      <p className="text-sm text-muted-foreground">Peça um novo link ao vendedor: cada link funciona uma vez e vale por 24 horas.</p>
      <Button asChild className="w-full">
        <Link to="/login">Entrar com e-mail e senha</Link>
      </Button>
    </PublicCardPage>
  )
}

function SigningIn({ token }: { token: string }) {
  const navigate = useNavigate()
  const signIn = useClientAccessLinkSignIn()
  const { mutate } = signIn
  // Once per token: the link is spent by the first call (React's development double effect must not spend it twice).
  const sent = React.useRef<string | null>(null)
  React.useEffect(() => {
    if (sent.current === token) return
    sent.current = token
    mutate(token, { onSuccess: () => navigate('/dashboard', { replace: true }) })
  }, [token, mutate, navigate])

  if (signIn.isError) {
    const error = signIn.error
    const message = error instanceof ApiError && error.fields.token ? error.fields.token : errorMessage(error, INVALID_LINK)
    return <LinkNotAccepted message={message} />
  }
  return (
    <PublicCardPage title="Link de acesso" description="Entrando na sua área de cliente…">
      <div className="flex justify-center py-4" role="status">
        <Spinner label="Entrando" />
      </div>
    </PublicCardPage>
  )
}

/** /acesso?token=…: the one-time link a seller copied for the buyer; signs them in and opens their dashboard. */
export function ClientAccessLinkPage() {
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')?.trim() ?? ''
  return token ? <SigningIn token={token} /> : <LinkNotAccepted message={`${INVALID_LINK} O endereço está incompleto.`} />
}
