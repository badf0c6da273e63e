/** Drops empty filters, so the URL carries only the filters that are set (the server plans per combination). */
export function presentParams<T extends object>(params: T): T {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue
    if (typeof value === 'string' && value.trim() === '') continue
    out[key] = typeof value === 'string' ? value.trim() : value
  }
  return out as T
}
