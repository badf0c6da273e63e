import { useCallback, useState } from 'react'

/**
 * The owner's "HTML avançado", already sanitized by the server, kept out of the app's own page: it is drawn in an
 * iframe that runs no script (`sandbox` without `allow-scripts`), so even a sanitizer miss could not act. The frame
 * shares the app's origin only so the page can read its height and show it whole (with no script inside, nothing in
 * it can use that origin).
 */
export function AdvancedHtml({ html, title }: { html: string; title: string }) {
  const [height, setHeight] = useState(160)
  const measure = useCallback((frame: HTMLIFrameElement | null) => {
    const body = frame?.contentDocument?.body
    if (body) setHeight(Math.max(80, body.scrollHeight + 16))
  }, [])
  const document = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><base target="_top"><style>body{margin:0;font-family:system-ui,sans-serif;line-height:1.6;color:inherit}img{max-width:100%;height:auto}</style></head><body>${html}</body></html>`
  return (
    <iframe
      title={title}
      sandbox="allow-same-origin allow-top-navigation-by-user-activation"
      srcDoc={document}
      referrerPolicy="no-referrer"
      onLoad={(event) => measure(event.currentTarget)}
      style={{ height }}
      className="w-full rounded-md border-0 bg-white"
    />
  )
}
