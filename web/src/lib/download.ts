/**
 * Saving a file the API streamed. Downloads that need request headers (the tenant portal's X-Tenant-Secret)
 * cannot be opened with a plain link or window.open, so the app fetches them as a blob and hands that to the browser.
 */

/**
 * The file name a `Content-Disposition` header gives: the UTF-8 `filename*` (RFC 6266) when present,
 * else the plain `filename`; null when there is neither.
 */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1]
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim())
    } catch {
      // A malformed escape: fall back to the plain name below.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header)
  const name = (plain?.[1] ?? plain?.[2])?.trim()
  return name || null
}

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  document.body.appendChild(link)
  link.click()
  link.remove()
  // Revoked on the next turn: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
