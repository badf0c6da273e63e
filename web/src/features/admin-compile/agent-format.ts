import { format, isValid, parseISO } from 'date-fns'

const EMPTY = '—'

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null
  const date = parseISO(value)
  return isValid(date) ? date : null
}

/** A heartbeat to the second (dd/MM/yyyy HH:mm:ss): agents beat every few seconds, minutes would hide a stalled one. */
export function formatHeartbeat(value: string | null | undefined): string {
  const date = toDate(value)
  return date ? format(date, 'dd/MM/yyyy HH:mm:ss') : EMPTY
}

/**
 * How long before `now` the heartbeat was, short enough for a table cell: "há 5 s", "há 3 min", "há 2 h", "há 4 dias".
 * A clock slightly ahead of the browser's reads as "agora"; null when there was no heartbeat.
 */
export function heartbeatAge(value: string | null | undefined, now: number): string | null {
  const date = toDate(value)
  if (!date) return null
  const seconds = Math.floor((now - date.getTime()) / 1000)
  if (seconds < 1) return 'agora'
  if (seconds < 60) return `há ${seconds} s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `há ${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `há ${hours} h`
  const days = Math.floor(hours / 24)
  return `há ${days} ${days === 1 ? 'dia' : 'dias'}`
}

/** The first characters of an id, enough to tell jobs apart in a list (the whole id goes in a title). */
export function shortId(id: string): string {
  return id.slice(0, 8)
}

/** The two lines of the agent's configuration file (agent.env) that come from the platform. */
export function agentConfigLines(apiUrl: string, token: string): string {
  return `AGENT_API_URL=${apiUrl}\nAGENT_TOKEN=${token}`
}
