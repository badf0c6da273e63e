import * as React from 'react'
import { RotateCwIcon } from 'lucide-react'
import { ResponsiveTable, StatusBadge, type DataColumn } from '@/components/data'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api/client'
import { formatDateTime } from '@/lib/format'
import { useResendEmail, type EmailLogItem } from '../api/email-log'
import { CANNOT_RESEND, emailStatusTone } from './email-status'

interface ResendOutcome {
  ok: boolean
  message: string
}

/**
 * One person's e-mails, newest first: what each was, its status as it really is (with the reason when it did not go)
 * and "Reenviar" where a copy may be sent, whose answer is shown as the server gave it. Table from 768 px, cards below.
 */
export function EmailLogTable({ items, canResend, label = 'E-mails enviados' }: { items: EmailLogItem[]; canResend: boolean; label?: string }) {
  const resend = useResendEmail()
  const [outcome, setOutcome] = React.useState<ResendOutcome | null>(null)

  const send = (item: EmailLogItem) => {
    setOutcome(null)
    resend.mutate(item.id, {
      onSuccess: (answer) => setOutcome({ ok: answer.status === 'queued', message: answer.message }),
      onError: (error) => setOutcome({ ok: false, message: errorMessage(error, 'Não foi possível reenviar o e-mail.') }),
    })
  }

  const columns: DataColumn<EmailLogItem>[] = [
    { label: 'Data', card: 'title', cell: (item) => formatDateTime(item.createdAt) },
    {
      label: 'Mensagem',
      className: 'whitespace-normal min-w-48',
      cell: (item) => (
        <span className="grid">
          <span className="font-medium">{item.kind}</span>
          <span className="text-xs text-muted-foreground">{item.subject}</span>
        </span>
      ),
    },
    {
      label: 'Situação',
      card: 'status',
      cell: (item) => <StatusBadge tone={emailStatusTone(item.status)}>{item.statusLabel}</StatusBadge>,
    },
    {
      label: 'Motivo',
      className: 'whitespace-normal min-w-56',
      cell: (item) => (item.reason ? <span className="text-sm">{item.reason}</span> : <span className="text-muted-foreground">—</span>),
    },
  ]
  if (canResend) {
    columns.push({
      label: 'Ações',
      card: 'actions',
      cell: (item) => <ResendButton item={item} pending={resend.isPending && resend.variables === item.id} busy={resend.isPending} onResend={send} />,
    })
  }

  return (
    <div className="grid gap-3">
      <div aria-live="polite">
        {outcome && (
          <Alert variant={outcome.ok ? 'success' : 'warning'} role="status">
            <AlertTitle>{outcome.ok ? 'Reenvio na fila' : 'E-mail não reenviado'}</AlertTitle>
            <AlertDescription>{outcome.message}</AlertDescription>
          </Alert>
        )}
      </div>
      <ResponsiveTable label={label} columns={columns} items={items} rowKey={(item) => item.id} placeholder="Nenhum e-mail para esta pessoa ainda." />
    </div>
  )
}

function ResendButton({ item, pending, busy, onResend }: { item: EmailLogItem; pending: boolean; busy: boolean; onResend: (item: EmailLogItem) => void }) {
  const noteId = `cannot-resend-${item.id}`
  if (!item.canResend) {
    return (
      <span className="grid max-w-56 gap-1">
        <Button type="button" variant="outline" size="sm" disabled aria-describedby={noteId} title={CANNOT_RESEND}>
          <RotateCwIcon aria-hidden />
          Reenviar
        </Button>
        <span id={noteId} className="text-xs whitespace-normal text-muted-foreground">
          Uso único: não pode ser reenviado.
          <span className="sr-only"> {CANNOT_RESEND}</span>
        </span>
      </span>
    )
  }
  return (
    <Button type="button" variant="outline" size="sm" onClick={() => onResend(item)} disabled={busy} aria-label={`Reenviar ${item.kind} de ${formatDateTime(item.createdAt)}`}>
      {pending ? <Spinner label="Reenviando" /> : <RotateCwIcon aria-hidden />}
      Reenviar
    </Button>
  )
}
