import { useQuery } from '@tanstack/react-query'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { clientEmailsQuery } from '../api/email-log'
import { EmailLogContent } from './email-log-section'

/** The client page's "E-mails": every message to this buyer with what really happened, and "Reenviar". */
export function ClientEmailsSection({ clientId, canResend }: { clientId: string; canResend: boolean }) {
  const query = useQuery(clientEmailsQuery(clientId))
  return (
    <Card aria-labelledby="client-emails" role="region">
      <CardHeader>
        <CardTitle>
          <h2 id="client-emails" className="text-lg">
            E-mails
          </h2>
        </CardTitle>
        <CardDescription>O que foi enviado para este comprador e o que de fato aconteceu: enviado, na fila, ou não enviado e por quê.</CardDescription>
      </CardHeader>
      <CardContent>
        <EmailLogContent query={query} canResend={canResend} label="E-mails do cliente" />
      </CardContent>
    </Card>
  )
}
