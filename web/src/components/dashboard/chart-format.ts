import { format, isValid, parseISO } from 'date-fns'
import { ptBR } from 'date-fns/locale/pt-BR'

/*
 * Number and day formatting of the dashboard charts, shared by the admin's and the tenant owner's dashboards.
 */

const countFormatter = new Intl.NumberFormat('pt-BR')
const compactBrlFormatter = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', notation: 'compact' })

/** "1.234" */
export function formatCount(value: number): string {
  return countFormatter.format(value)
}

/** "R$ 12 mil": for a chart's scale, where the exact cents do not matter. */
export function formatCompactBRL(value: number): string {
  return compactBrlFormatter.format(value)
}

/** A calendar day or month as the API sends it ("2026-05-03"), or null when it is not one. */
export function parseDay(value: string): Date | null {
  const date = parseISO(value)
  return isValid(date) ? date : null
}

/** "03/05" for a day ("2026-05-03"). */
export function dayLabel(day: string): string {
  const date = parseDay(day)
  return date ? format(date, 'dd/MM', { locale: ptBR }) : day
}

/** "1 venda", "3 vendas". */
export function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`
}
