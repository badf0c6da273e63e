import type { StatusTone } from '@/components/data'

/** An event's status in the log, in pt-BR, with its badge colour. */
export const eventStatusLooks: Record<string, { label: string; tone: StatusTone }> = {
  received: { label: 'Recebido', tone: 'secondary' },
  processed: { label: 'Processado', tone: 'success' },
  failed: { label: 'Falhou', tone: 'destructive' },
}

export function eventStatusLook(status: string): { label: string; tone: StatusTone } {
  return eventStatusLooks[status] ?? { label: status, tone: 'secondary' }
}

/** "recebido de novo 2×": how often the platform sent the same event again (duplicates change nothing). */
export function duplicatesText(duplicates: number): string | null {
  return duplicates > 0 ? `recebido de novo ${duplicates}×` : null
}

/** "1 vez" / "3 vezes". */
export function timesText(count: number): string {
  return count === 1 ? '1 vez' : `${count.toLocaleString('pt-BR')} vezes`
}
