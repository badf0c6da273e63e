const EMPTY = '—'

/**
 * How long the oldest job of a tenant has waited, short enough for a table cell: "40 s", "12 min", "1 h 5 min",
 * "2 dias 3 h". Whole units only (the list refreshes every 10 s, so seconds past the first minute are noise);
 * a dash when nothing waits.
 */
export function formatWait(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return EMPTY
  const whole = Math.floor(seconds)
  if (whole < 60) return `${whole} s`
  const minutes = Math.floor(whole / 60)
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return joinUnits(`${hours} h`, minutes % 60, 'min')
  const days = Math.floor(hours / 24)
  return joinUnits(`${days} ${days === 1 ? 'dia' : 'dias'}`, hours % 24, 'h')
}

/** The larger unit, then the smaller one unless it is zero ("1 h", "1 h 5 min"). */
function joinUnits(larger: string, smaller: number, unit: string): string {
  return smaller > 0 ? `${larger} ${smaller} ${unit}` : larger
}

/** A wait at least this long is shown as a warning in the queue (agents usually claim jobs within seconds). */
export const LONG_WAIT_SECONDS = 10 * 60

export function isLongWait(seconds: number | null | undefined): boolean {
  return typeof seconds === 'number' && seconds >= LONG_WAIT_SECONDS
}
