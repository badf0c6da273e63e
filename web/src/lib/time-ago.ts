const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * How long ago `at` was, short and in pt-BR: "agora" (under a minute, or a little in the future when this
 * machine's clock is behind the server's), "há 2 min", "há 3 h", "há 1 dia", "há 2 dias". Whole units, rounded down,
 * so the text never claims more time than passed. An unreadable instant gives null.
 */
export function timeAgo(at: string | Date, now: number = Date.now()): string | null {
  const then = typeof at === 'string' ? Date.parse(at) : at.getTime()
  if (!Number.isFinite(then)) return null
  const elapsed = now - then
  if (elapsed < MINUTE) return 'agora'
  if (elapsed < HOUR) return `há ${Math.floor(elapsed / MINUTE)} min`
  if (elapsed < DAY) return `há ${Math.floor(elapsed / HOUR)} h`
  const days = Math.floor(elapsed / DAY)
  return `há ${days} ${days === 1 ? 'dia' : 'dias'}`
}
