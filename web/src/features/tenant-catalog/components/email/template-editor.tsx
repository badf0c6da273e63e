import type * as React from 'react'
import type { Control } from 'react-hook-form'
import { RotateCcwIcon } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { TextareaField } from '@/components/data'
import type { TemplateKey } from '../../api/email'
import { templateLabels, type TemplatesValues } from '../../schemas/email-form'

/**
 * One e-mail template: its HTML, the variables it may use, whether it is the tenant's own, and a way back to the default;
 * `switch`, for a kind the owner may switch off, goes above the HTML.
 */
export function TemplateEditor({
  control,
  name,
  variables,
  customized,
  onRestore,
  restoring,
  switch: toggle,
}: {
  control: Control<TemplatesValues>
  name: TemplateKey
  variables: string[]
  customized: boolean
  onRestore: () => void
  restoring: boolean
  switch?: React.ReactNode
}) {
  const label = templateLabels[name]
  const headingId = `${name}-heading`
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <h2 id={headingId} className="text-lg">
              {label}
            </h2>
            {customized && <Badge variant="secondary">Personalizado</Badge>}
          </CardTitle>
          <CardDescription>Variáveis disponíveis:</CardDescription>
          <ul aria-label={`Variáveis de ${label}`} className="flex flex-wrap gap-1">
            {variables.map((variable) => (
              <li key={variable}>
                <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{`{{${variable}}}`}</code>
              </li>
            ))}
          </ul>
        </div>
        <Button variant="outline" size="sm" onClick={onRestore} disabled={restoring} aria-label={`Restaurar padrão de ${label}`}>
          {restoring ? <Spinner label="Carregando padrão" /> : <RotateCcwIcon aria-hidden />}
          Restaurar padrão
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        {toggle}
        <TextareaField control={control} name={name} label={`HTML de ${label}`} rows={10} className="font-mono text-xs" />
      </CardContent>
    </Card>
  )
}
