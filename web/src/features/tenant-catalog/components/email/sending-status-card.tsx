import { useQuery } from '@tanstack/react-query'
import { AlertTriangleIcon, MailCheckIcon } from 'lucide-react'
import { ResponsiveTable, StatusBadge, type DataColumn, type StatusTone } from '@/components/data'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/api/client'
import { emailDomainQuery, emailSendingQuery, type EmailDomainItem, type EmailSendingItem } from '../../api/email'

/** How Resend's domain states read on the screen. */
export const DOMAIN_STATES: Record<string, { label: string; tone: StatusTone }> = {
  verified: { label: 'Verificado', tone: 'success' },
  pending: { label: 'Verificação pendente', tone: 'warning' },
  not_started: { label: 'Verificação pendente', tone: 'warning' },
  temporary_failure: { label: 'Verificação pendente', tone: 'warning' },
  failed: { label: 'Verificação falhou', tone: 'destructive' },
  not_found: { label: 'Domínio não encontrado no Resend', tone: 'destructive' },
  unreachable: { label: 'Resend indisponível', tone: 'secondary' },
  not_configured: { label: 'Sem domínio próprio', tone: 'secondary' },
}

type DnsRecord = EmailDomainItem['records'][number]

/** A DNS record to create at the domain's registrar; on a phone, a card headed by the record with its state. */
const dnsColumns: DataColumn<DnsRecord>[] = [
  { label: 'Registro', card: 'title', cell: (record) => record.record },
  { label: 'Tipo', cell: (record) => `${record.type}${record.priority != null ? ` (prioridade ${record.priority})` : ''}` },
  { label: 'Nome', className: 'font-mono text-xs break-all whitespace-normal', cell: (record) => <span className="font-mono text-xs break-all">{record.name}</span> },
  { label: 'Valor', className: 'font-mono text-xs break-all whitespace-normal', cell: (record) => <span className="font-mono text-xs break-all">{record.value}</span> },
  {
    label: 'Situação',
    card: 'status',
    cell: (record) => (
      <StatusBadge tone={record.status === 'verified' ? 'success' : record.status === 'failed' ? 'destructive' : 'warning'}>
        {record.status === 'verified' ? 'Verificado' : record.status === 'failed' ? 'Falhou' : 'Pendente'}
      </StatusBadge>
    ),
  },
]

const numbers = new Intl.NumberFormat('pt-BR')

/**
 * How the tenant's e-mails go out: with its own verified domain (SPF/DKIM at Resend), or through the platform in
 * the tenant's name, inside the platform's frame and daily limits; and whether the platform suspended its mail.
 */
export function SendingStatusCard() {
  const sending = useQuery(emailSendingQuery())
  const domain = useQuery(emailDomainQuery())
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Envio e domínio</h2>
        </CardTitle>
        <CardDescription>De onde seus e-mails saem e se o seu domínio está verificado no Resend.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sending.isSuccess && sending.data.suspended && <SuspendedAlert sending={sending.data} />}
        <DomainState query={domain} sending={sending.data} />
        {sending.isSuccess && !sending.data.sendsWithOwnKey && <PlatformLimits sending={sending.data} />}
        {sending.isError && (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(sending.error, 'Não foi possível carregar os limites de envio.')}
          </p>
        )}
      </CardContent>
    </Card>
  )
}

function SuspendedAlert({ sending }: { sending: EmailSendingItem }) {
  return (
    <Alert variant="destructive">
      <AlertTriangleIcon aria-hidden />
      <AlertTitle>Envio de e-mails suspenso pela plataforma</AlertTitle>
      <AlertDescription>
        Nenhum e-mail está sendo enviado: cada mensagem fica registrada como não enviada.
        {sending.suspendedReason ? ` Motivo: ${sending.suspendedReason}` : ''} Fale com o suporte da plataforma.
      </AlertDescription>
    </Alert>
  )
}

function DomainState({ query, sending }: { query: ReturnType<typeof useQuery<EmailDomainItem>>; sending?: EmailSendingItem }) {
  if (query.isPending) {
    return (
      <div className="grid gap-2" role="status" aria-busy="true" aria-label="Consultando o domínio">
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-4 w-full" />
      </div>
    )
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
        <span className="text-destructive">{errorMessage(query.error, 'Não foi possível consultar o domínio.')}</span>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Tentar novamente
        </Button>
      </div>
    )
  }
  const item = query.data
  const state = DOMAIN_STATES[item.state] ?? { label: item.state, tone: 'secondary' as StatusTone }
  return (
    <div className="grid gap-3" data-testid="email-domain-state">
      <div className="flex flex-wrap items-center gap-2">
        <MailCheckIcon aria-hidden className="size-4 text-muted-foreground" />
        <span className="font-medium">{item.domain ?? 'Domínio próprio'}</span>
        <StatusBadge tone={state.tone}>{state.label}</StatusBadge>
      </div>
      <p className="text-sm text-muted-foreground">{item.message}</p>
      {item.state === 'not_configured' && sending && (
        <p className="text-sm">
          Remetente mostrado: <span className="font-mono break-all">{sending.platformFrom}</span>. As mensagens levam um rodapé da plataforma
          com o seu nome e o endereço de denúncia de abuso ({sending.abuseAddress}); imagens e formulários são removidos.
        </p>
      )}
      {item.records.length > 0 && (
        <ResponsiveTable label="Registros DNS do domínio" columns={dnsColumns} items={item.records} rowKey={(record) => `${record.record}-${record.type}-${record.name}`} />
      )}
    </div>
  )
}

function PlatformLimits({ sending }: { sending: EmailSendingItem }) {
  return (
    <dl className="grid gap-4 text-sm sm:grid-cols-3">
      <div>
        <dt className="text-muted-foreground">Enviados hoje pela plataforma</dt>
        <dd className="text-lg font-semibold tabular-nums">
          {numbers.format(sending.sentToday)} de {numbers.format(sending.dailyLimit)}
        </dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Limite por destinatário por dia</dt>
        <dd className="text-lg font-semibold tabular-nums">{numbers.format(sending.recipientDailyLimit)}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Acima do limite</dt>
        <dd>A mensagem fica registrada como não enviada, com o motivo, na aba “Não entregues”.</dd>
      </div>
    </dl>
  )
}
