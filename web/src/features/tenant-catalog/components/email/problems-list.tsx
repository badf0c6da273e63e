import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { PaginationBar, ResponsiveListTable, StatusBadge, type DataColumn, type StatusTone } from '@/components/data'
import { emailProblemsQuery, type EmailProblemItem } from '../../api/email'

const when = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' })

/** A message's columns; on a phone, a card headed by the recipient, with what happened beside it. */
const columns: DataColumn<EmailProblemItem>[] = [
  { label: 'Quando', cell: (item) => when.format(new Date(item.createdAt)) },
  { label: 'Para', className: 'break-all whitespace-normal', card: 'title', cell: (item) => <span className="break-all">{item.to}</span> },
  { label: 'Assunto', className: 'whitespace-normal', cell: (item) => item.subject },
  {
    label: 'Situação',
    card: 'status',
    cell: (item) => {
      const state = problemState(item)
      return <StatusBadge tone={state.tone}>{state.label}</StatusBadge>
    },
  },
  { label: 'Motivo', className: 'text-sm whitespace-normal', cell: (item) => item.deliveryDetail ?? item.reason ?? '—' },
]

/** What happened to a message, honestly: only "entregue e devolvida" ever went out. */
export function problemState(item: EmailProblemItem): { label: string; tone: StatusTone } {
  if (item.complainedAt) return { label: 'Marcado como spam', tone: 'destructive' }
  if (item.bouncedAt) return { label: 'Devolvido', tone: 'destructive' }
  switch (item.status) {
    case 'refused':
      return { label: 'Não enviado (recusado)', tone: 'warning' }
    case 'not_configured':
      return { label: 'Não enviado (sem chave)', tone: 'secondary' }
    case 'failed':
      return { label: 'Falhou', tone: 'destructive' }
    default:
      return { label: item.status, tone: 'secondary' }
  }
}

/** The tenant's messages that did not reach their reader: refused by a limit or a suspension, failed, bounced, spam. */
export function ProblemsList() {
  const [page, setPage] = React.useState(1)
  const query = useQuery(emailProblemsQuery(page))
  return (
    <div className="grid gap-3">
      <ResponsiveListTable
        label="E-mails não entregues"
        columns={columns}
        rowKey={(item) => item.id}
        query={query}
        empty="Nenhum e-mail recusado, devolvido ou marcado como spam."
        errorTitle="Erro ao carregar e-mails não entregues"
      />
      <PaginationBar page={page} pageSize={20} data={query.data} onPageChange={setPage} />
    </div>
  )
}
