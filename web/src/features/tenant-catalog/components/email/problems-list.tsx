import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { ListTable, PaginationBar, StatusBadge, type StatusTone } from '@/components/data'
import { TableCell, TableRow } from '@/components/ui/table'
import { emailProblemsQuery, type EmailProblemItem } from '../../api/email'

const columns = [{ label: 'Quando' }, { label: 'Para' }, { label: 'Assunto' }, { label: 'Situação' }, { label: 'Motivo' }]

const when = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' })

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
      <ListTable
        label="E-mails não entregues"
        columns={columns}
        query={query}
        empty="Nenhum e-mail recusado, devolvido ou marcado como spam."
        errorTitle="Erro ao carregar e-mails não entregues"
        renderRow={(item) => {
          const state = problemState(item)
          return (
            <TableRow key={item.id}>
              <TableCell>{when.format(new Date(item.createdAt))}</TableCell>
              <TableCell className="break-all whitespace-normal">{item.to}</TableCell>
              <TableCell className="whitespace-normal">{item.subject}</TableCell>
              <TableCell>
                <StatusBadge tone={state.tone}>{state.label}</StatusBadge>
              </TableCell>
              <TableCell className="text-sm whitespace-normal">{item.deliveryDetail ?? item.reason ?? '—'}</TableCell>
            </TableRow>
          )
        }}
      />
      <PaginationBar page={page} pageSize={20} data={query.data} onPageChange={setPage} />
    </div>
  )
}
