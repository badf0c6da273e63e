import * as React from 'react'
import type { Control } from 'react-hook-form'
import { useWatch } from 'react-hook-form'
import { EyeIcon, PencilIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { TextareaField } from '@/components/data'
import type { SalesPageValues, SectionKey } from '../../schemas/sales-page-form'
import { HtmlPreview } from './html-preview'

/**
 * One HTML section of a sales page: the source to edit, or the preview, switched by Editar / Visualizar.
 * The preview shows the stored HTML, i.e. what the public page shows after the server's cleaning (which also drops
 * styles), rather than the draft, which could look different once saved.
 */
export function SectionEditor({
  control,
  name,
  index,
  storedHtml,
}: {
  control: Control<SalesPageValues>
  name: SectionKey
  index: number
  storedHtml: string
}) {
  const [mode, setMode] = React.useState<'edit' | 'preview'>('edit')
  const draft = useWatch({ control, name })
  const title = `Seção ${index}`
  const headingId = `${name}-heading`

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>
          <h2 id={headingId} className="text-lg">
            {title}
          </h2>
        </CardTitle>
        <div className="flex gap-1" role="group" aria-label={`Modo da ${title}`}>
          <Button variant={mode === 'edit' ? 'secondary' : 'ghost'} size="sm" aria-pressed={mode === 'edit'} onClick={() => setMode('edit')}>
            <PencilIcon aria-hidden />
            Editar
          </Button>
          <Button variant={mode === 'preview' ? 'secondary' : 'ghost'} size="sm" aria-pressed={mode === 'preview'} onClick={() => setMode('preview')}>
            <EyeIcon aria-hidden />
            Visualizar
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {mode === 'edit' ? (
          <TextareaField control={control} name={name} label={`HTML da ${title}`} rows={12} className="font-mono text-xs" placeholder="<section>…</section>" />
        ) : (
          <div className="grid gap-2">
            {draft !== storedHtml && <p className="text-sm text-muted-foreground">Alterações não salvas: a pré-visualização mostra a versão salva.</p>}
            <HtmlPreview html={storedHtml} title={`Pré-visualização da ${title}`} />
          </div>
        )}
      </CardContent>
    </Card>
  )
}
