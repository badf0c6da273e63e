/** First wait before reconnecting, doubled on each failure in a row up to the ceiling. */
export const RECONNECT_BASE_MS = 1000
export const RECONNECT_MAX_MS = 30_000

/**
 * How long to wait before reconnect attempt `failures` (0 after the first failure): an exponential
 * ceiling, of which a random half is kept so many open tabs do not reconnect in step after a restart.
 */
export function reconnectDelay(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, failures))
  return Math.round(ceiling / 2 + (ceiling / 2) * random())
}
