import * as React from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { renderTemplate, sampleValues } from '../template-placeholders'

/** The template as a robot would get it, with sample values in place of the placeholders. */
export function TemplatePreview({ templateCode }: { templateCode: string }) {
  // Typing in a long template stays responsive: the preview catches up when the browser is idle.
  const deferred = React.useDeferredValue(templateCode)
  const preview = React.useMemo(() => renderTemplate(deferred), [deferred])
  return (
    <Card className="gap-4" role="region" aria-labelledby="template-preview-title">
      <CardHeader>
        <CardTitle>
          <h2 id="template-preview-title">Pré-visualização</h2>
        </CardTitle>
        <CardDescription>
          Com valores de exemplo: URL <code className="font-mono text-xs break-all">{sampleValues['{{TENANT_AUTH_URL}}']}</code>; a chave de assinatura
          aparece mascarada.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <pre
          tabIndex={0}
          role="region"
          aria-label="Pré-visualização do template"
          data-testid="template-preview"
          className="max-h-96 overflow-auto rounded-md border bg-muted/50 p-4 font-mono text-xs leading-relaxed focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {preview}
        </pre>
      </CardContent>
    </Card>
  )
}
