import { ResponsiveTable, StatusBadge, type DataColumn } from '@/components/data'
import { Badge } from '@/components/ui/badge'
import { formatDateTime } from '@/lib/format'
import type { ChannelEvent, ChannelRefusal } from '../api/hotmart-channel'
import { eventLabel, platformWords, type SalesChannelPlatform } from '../platforms'
import { duplicatesText, eventStatusLook, timesText } from './channel-labels'
import { SectionCard } from '@/components/section-card'

function eventColumns(platform: SalesChannelPlatform): DataColumn<ChannelEvent>[] {
  return [
    { label: 'Recebido em', card: 'title', cell: (event) => formatDateTime(event.receivedAt) },
    {
      label: 'Evento',
      cell: (event) => (
        <span className="grid">
          <span>{eventLabel(platform, event.event)}</span>
          <code className="text-xs text-muted-foreground">{event.event}</code>
        </span>
      ),
    },
    {
      label: 'Status',
      card: 'status',
      cell: (event) => {
        const look = eventStatusLook(event.status)
        const again = duplicatesText(event.duplicates)
        return (
          <span className="flex flex-wrap items-center gap-1">
            <StatusBadge tone={look.tone}>{look.label}</StatusBadge>
            {event.isTest && <Badge variant="outline">Teste</Badge>}
            {again && <Badge variant="outline">{again}</Badge>}
          </span>
        )
      },
    },
    { label: 'Comprador', cell: (event) => event.buyerEmail ?? '—' },
    { label: 'Detalhe', className: 'whitespace-normal min-w-64', cell: (event) => event.detail },
  ]
}

/** "Recusado: hottok errado — 3 vezes, última em 28/11/2026 10:00". */
export function refusalText(refusal: ChannelRefusal): string {
  // The server's detail may begin with the word already.
  const detail = refusal.detail.replace(/^Recusad[oa]:\s*/i, '')
  return `Recusado: ${detail} — ${timesText(refusal.count)}, última em ${formatDateTime(refusal.lastAt)}`
}

/**
 * What the platform sent for this robot: the events stored (processed, waiting, failed with the reason, tests and
 * repeats marked) as a table from 768 px and cards below, and the postbacks refused before anything was stored.
 */
export function ChannelEventLog({
  platform,
  events,
  refusals,
  placeholder,
}: {
  platform: SalesChannelPlatform
  events: ChannelEvent[]
  refusals: ChannelRefusal[]
  /** What an empty log says (by default, to send a test event). */
  placeholder?: string
}) {
  const words = platformWords(platform)
  return (
    <SectionCard id="channel-log" title="Registro de eventos" description={`Os últimos eventos que ${words.the} enviou para este robô.`}>
      {refusals.length > 0 && (
        <div className="grid gap-2" role="group" aria-labelledby="channel-refusals">
          <h3 id="channel-refusals" className="text-sm font-medium">
            Envios recusados
          </h3>
          <ul className="grid gap-2 text-sm">
            {refusals.map((refusal) => (
              <li key={refusal.reason} className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2" data-testid="channel-refusal">
                {refusalText(refusal)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <ResponsiveTable
        label="Eventos recebidos"
        columns={eventColumns(platform)}
        items={events}
        rowKey={(event) => event.id}
        placeholder={placeholder ?? `Nenhum evento neste registro. Depois de configurar ${words.the}, envie um evento de teste.`}
      />
    </SectionCard>
  )
}
