/**
 * Shows owner-written HTML without letting it act: inside an iframe with `sandbox=""` the document gets a unique
 * origin, runs no script, submits no form and opens no window, so nothing in it can reach the app, its cookies
 * or its storage. The app never puts this HTML in its own DOM.
 */
export function HtmlPreview({ html, title }: { html: string; title: string }) {
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={html || '<p style="font-family:sans-serif;color:#888">Seção vazia.</p>'}
      referrerPolicy="no-referrer"
      className="h-96 w-full rounded-md border bg-white"
    />
  )
}
