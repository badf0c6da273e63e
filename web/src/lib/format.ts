import { format, formatDistanceToNow, isValid, parseISO } from 'date-fns'
import { ptBR } from 'date-fns/locale/pt-BR'

const brlFormatter = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })

const EMPTY = '—'

/**
 * Formats money as pt-BR BRL ("R$ 1.234,56"). The API sends decimals as strings
 * (NUMERIC(10,2)) so both strings and numbers are accepted.
 */
export function formatBRL(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return EMPTY
  const amount = typeof value === 'number' ? value : Number(value)
  if (!Number.isFinite(amount)) return EMPTY
  return brlFormatter.format(amount)
}

type DateInput = string | number | Date | null | undefined

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null
  // parseISO keeps date-only strings ("2024-05-01") on the local calendar day,
  // where `new Date()` would read them as UTC midnight and show the previous day west of Greenwich.
  const date = typeof value === 'string' ? parseISO(value) : new Date(value)
  return isValid(date) ? date : null
}

export function formatDate(value: DateInput): string {
  const date = toDate(value)
  return date ? format(date, 'dd/MM/yyyy', { locale: ptBR }) : EMPTY
}

export function formatDateTime(value: DateInput): string {
  const date = toDate(value)
  return date ? format(date, 'dd/MM/yyyy HH:mm', { locale: ptBR }) : EMPTY
}

/** "há 5 minutos", "em 2 dias"; 'agora' when the instant is unknown. */
export function formatRelative(value: DateInput): string {
  const date = toDate(value)
  return date ? formatDistanceToNow(date, { addSuffix: true, locale: ptBR }) : 'agora'
}

/** First letters of the first two words, uppercased ("maria da silva" → "MD"). */
export function initials(name: string | null | undefined): string {
  if (!name) return ''
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toLocaleUpperCase('pt-BR'))
    .join('')
}

/** First word of a person's name, used in greetings. */
export function firstName(name: string | null | undefined): string {
  return name?.trim().split(/\s+/)[0] ?? ''
}

const sizeFormatter = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 })

/** A file size in B, KB or MB (1 KB = 1024 B), one decimal at most: "512 B", "1,5 KB", "2,3 MB". */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return EMPTY
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${sizeFormatter.format(bytes / 1024)} KB`
  return `${sizeFormatter.format(bytes / (1024 * 1024))} MB`
}
