import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { ResponsiveListTable, StatusBadge, type DataColumn } from '@/components/data'
import { sharedBuildClientsQuery, type SharedBuildClient } from '../api/personal-builds'
import { buildStatusLabel, buildStatusTones } from '../labels'

/** The server lists at most this many (the newest licenses first). */
const SERVER_LIMIT = 500

/** A buyer's columns; on a phone, a card headed by the name, with the copy's state beside it. */
const columns: DataColumn<SharedBuildClient>[] = [
  { label: 'Cliente', className: 'font-medium', card: 'title', cell: (item) => item.clientName || '—' },
  { label: 'E-mail', cell: (item) => item.clientEmail || '—' },
  {
    label: 'Cópia pessoal',
    card: 'status',
    cell: (item) => <StatusBadge tone={item.buildStatus ? buildStatusTones[item.buildStatus] : 'secondary'}>{buildStatusLabel(item.buildStatus)}</StatusBadge>,
  },
]

/**
 * The robot's active licenses whose buyers still download the shared file: their personal copy of the active version
 * is queued, compiling, failed or revoked, or was never made. A leak of the shared file cannot be traced to them.
 */
export function SharedBuildClients({ robotId }: { robotId: string }) {
  const query = useQuery(sharedBuildClientsQuery(robotId))
  const titleId = React.useId()
  const count = query.data?.items.length ?? 0
  return (
    <section aria-labelledby={titleId} className="space-y-2">
      <h3 id={titleId} className="font-medium">
        Clientes ainda na cópia padrão
      </h3>
      <p className="text-sm text-muted-foreground">
        Licenças ativas que ainda baixam o arquivo comum, sem a cópia pessoal pronta da versão ativa. Um vazamento desse arquivo não
        identifica o comprador.
      </p>
      <ResponsiveListTable
        label="Clientes na cópia padrão"
        columns={columns}
        rowKey={(item) => item.licenseId}
        query={query}
        empty="Todos os clientes ativos já têm a sua cópia pessoal da versão ativa."
        errorTitle="Erro ao carregar clientes"
        errorFallback="Não foi possível carregar os clientes na cópia padrão."
      />
      {count >= SERVER_LIMIT && <p className="text-xs text-muted-foreground">Mostrando as {SERVER_LIMIT} licenças mais recentes.</p>}
    </section>
  )
}
