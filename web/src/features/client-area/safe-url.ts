/**
 * The tenant's training link, if it is a web address. It comes from the tenant's settings and is opened from
 * the client's session, so anything but http(s) (a `javascript:` URL, say) is treated as not configured.
 */
export function webUrl(value: string | null | undefined): string | null {
  const text = value?.trim()
  if (!text) return null
  try {
    const url = new URL(text)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null
  } catch {
    return null
  }
}
