/**
 * Conversions between the API's values and the dialogs' inputs.
 *
 * The server reads a date input (`YYYY-MM-DD`) as midnight and a datetime-local input (`YYYY-MM-DDTHH:mm`)
 * as that time in São Paulo, so stored instants are shown in São Paulo time too: what the admin sees
 * in the dialog is what gets saved back.
 */

const SAO_PAULO = 'America/Sao_Paulo'

const partsFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: SAO_PAULO,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

function saoPauloParts(value: string | null | undefined): Record<string, string> | null {
  if (!value) return null
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return null
  return Object.fromEntries(partsFormatter.formatToParts(date).map((part) => [part.type, part.value]))
}

/** An instant from the API as a date input's value (São Paulo day); '' for none. */
export function toDateInput(value: string | null | undefined): string {
  const parts = saoPauloParts(value)
  return parts ? `${parts.year}-${parts.month}-${parts.day}` : ''
}

/** An instant from the API as a datetime-local input's value (São Paulo time); '' for none. */
export function toDateTimeInput(value: string | null | undefined): string {
  const parts = saoPauloParts(value)
  return parts ? `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}` : ''
}

/** A text input's value for the API: trimmed, and null when empty. */
export function orNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? ''
  return trimmed === '' ? null : trimmed
}

/** A decimal from the API ("197.00") as a number input's value, with two decimals; '' for none. */
export function toMoneyInput(value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === '') return ''
  const amount = Number(value)
  return Number.isFinite(amount) ? amount.toFixed(2) : value
}

/** A money input's value for the API: a decimal string with a dot ("197.50"), null when empty. */
export function moneyOrNull(value: string | null | undefined): string | null {
  const text = orNull(value)
  return text === null ? null : text.replace(',', '.')
}
