import { formatDistance } from 'date-fns'
import { ptBR } from 'date-fns/locale/pt-BR'

/**
 * "há 5 minutos": how long ago `timestamp` was, in Portuguese with a suffix; 'agora' when it is
 * missing or no date. A time slightly ahead of this browser's clock reads as now, not as "em ...".
 */
export function relativeTime(timestamp: string | null | undefined, now: Date = new Date()): string {
  if (!timestamp) return 'agora'
  const date = new Date(timestamp)
  if (Number.isNaN(date.getTime())) return 'agora'
  const past = date.getTime() > now.getTime() ? now : date
  return formatDistance(past, now, { locale: ptBR, addSuffix: true })
}
