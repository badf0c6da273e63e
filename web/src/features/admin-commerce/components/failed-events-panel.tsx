import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { RotateCcwIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { TableCell, TableRow } from '@/components/ui/table'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/api/client'
import { formatDateTime } from '@/lib/format'
import { useTenantOptions } from '@/hooks/use-tenant-options'
import { failedHotmartEventsQuery, useReplayHotmartEvent, type HotmartEventItem } from '../api/hotmart-events'
import { ConfirmDialog, FilterBar, FilterSelect, ListTable, PAGE_SIZE, PaginationBar } from '@/components/data'

const columns = [
  { label: 'Recebido em' },
  { label: 'Tenant' },
  { label: 'Evento' },
  { label: 'ID do evento' },
  { label: 'Tentativas' },
  { label: 'Erro' },
  { label: 'Falhou em' },
  { label: 'Ações', srOnly: true },
]

/**
 * Hotmart postbacks whose processing ran out of retries, with their last error, and a way to process
 * one again once the cause is fixed (after confirming).
 */
export function FailedEventsPanel() {
  const tenants = useTenantOptions()
  const [tenantId, setTenantId] = React.useState('')
  const [page, setPage] = React.useState(1)
  const query = useQuery(failedHotmartEventsQuery({ page, pageSize: PAGE_SIZE, tenantId }))
  const replay = useReplayHotmartEvent()
  const [confirming, setConfirming] = React.useState<HotmartEventItem | null>(null)

  const confirmReplay = () => {
    if (!confirming) return
    replay.mutate(confirming.id, {
      onSuccess: () => {
        toast({ title: 'Evento reenviado para processamento', description: `O evento ${confirming.eventId} será processado novamente.` })
        setConfirming(null)
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: 'Erro ao reprocessar evento', description: errorMessage(error, 'Tente novamente.') })
        setConfirming(null)
      },
    })
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        Postbacks da Hotmart cujo processamento falhou após todas as tentativas. Corrija a causa e reprocesse o evento.
      </p>
      <FilterBar>
        <FilterSelect
          label="Filtrar eventos por tenant"
          allLabel="Todos os tenants"
          value={tenantId}
          onChange={(value) => {
            setTenantId(value === 'all' ? '' : value)
            setPage(1)
          }}
          options={tenants.options}
        />
      </FilterBar>
      <ListTable
        label="Eventos com falha"
        columns={columns}
        query={query}
        empty="Nenhum evento com falha"
        errorFallback="Não foi possível carregar os eventos."
        renderRow={(event) => (
          <TableRow key={event.id}>
            <TableCell>{formatDateTime(event.receivedAt)}</TableCell>
            <TableCell>{tenants.nameOf(event.tenantId) ?? '—'}</TableCell>
            <TableCell className="font-mono text-xs">{event.event}</TableCell>
            <TableCell className="font-mono text-xs">{event.eventId}</TableCell>
            <TableCell>{event.attempts}</TableCell>
            <TableCell className="max-w-80 min-w-56 text-destructive whitespace-normal break-words">{event.lastError || '—'}</TableCell>
            <TableCell>{formatDateTime(event.failedAt)}</TableCell>
            <TableCell>
              <Button variant="outline" size="sm" onClick={() => setConfirming(event)} aria-label={`Reprocessar evento ${event.eventId}`}>
                <RotateCcwIcon aria-hidden />
                Reprocessar
              </Button>
            </TableCell>
          </TableRow>
        )}
      />
      <PaginationBar page={page} pageSize={PAGE_SIZE} data={query.data} onPageChange={setPage} />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && !replay.isPending && setConfirming(null)}
        title="Reprocessar evento?"
        description={`O evento ${confirming?.eventId ?? ''} (${confirming?.event ?? ''}) será processado novamente. Faça isso depois de corrigir a causa do erro.`}
        confirmLabel="Reprocessar"
        pending={replay.isPending}
        onConfirm={confirmReplay}
      />
    </div>
  )
}
