import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'

/** What a public form (password recovery) says after sending: the server's answer, good or bad. */
export interface FormOutcome {
  ok: boolean
  /** A heading above the message, e.g. "Senha redefinida!". */
  title?: string
  message: string
}

/** The outcome inline, above the form: green and polite when it worked, red and announced at once when not. */
export function FormOutcomeAlert({ outcome }: { outcome: FormOutcome }) {
  const Icon = outcome.ok ? CircleCheckIcon : CircleAlertIcon
  return (
    <Alert variant={outcome.ok ? 'success' : 'destructive'} role={outcome.ok ? 'status' : 'alert'}>
      <Icon aria-hidden />
      {outcome.title && <AlertTitle>{outcome.title}</AlertTitle>}
      <AlertDescription>{outcome.message}</AlertDescription>
    </Alert>
  )
}
