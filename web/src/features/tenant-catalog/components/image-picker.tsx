import * as React from 'react'
import { ImageIcon, Trash2Icon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/class-names'
import { IMAGE_ACCEPT, imageFileProblem } from '../file-rules'

/**
 * A picked image as a data: URL, for a preview before it is uploaded. Not an object URL: the app's
 * Content-Security-Policy allows images from 'self', data: and https: only.
 */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(file)
  })
}

/**
 * An image chooser with its preview: PNG, JPEG, SVG or WEBP up to 5 MB, checked here before `onPick` gets the file
 * (a refused file shows the reason and is not passed on). `error` shows the caller's failure (a refused upload).
 */
export function ImagePicker({
  id,
  label,
  imageUrl,
  alt,
  onPick,
  onRemove,
  pending,
  error,
  previewClassName,
}: {
  id: string
  label: string
  /** What is shown now: the stored image, or the picked one. */
  imageUrl: string | null | undefined
  alt: string
  onPick: (file: File) => void
  /** Offers "Remover" while there is an image. */
  onRemove?: () => void
  pending?: boolean
  error?: string | null
  previewClassName?: string
}) {
  const [problem, setProblem] = React.useState<string | null>(null)
  const message = problem ?? error ?? null
  const hintId = `${id}-hint`
  const messageId = `${id}-message`

  const change = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    // Cleared so that choosing the same file again (after a failure) still reports a change.
    event.target.value = ''
    if (!file) return
    const issue = imageFileProblem(file)
    setProblem(issue)
    if (!issue) onPick(file)
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-3">
        <div className={cn('flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted/40', previewClassName)}>
          {imageUrl ? <img src={imageUrl} alt={alt} className="size-full object-contain" /> : <ImageIcon aria-hidden className="size-6 text-muted-foreground" />}
        </div>
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
          <Input
            id={id}
            type="file"
            accept={IMAGE_ACCEPT}
            onChange={change}
            disabled={pending}
            aria-invalid={!!message}
            aria-describedby={message ? `${hintId} ${messageId}` : hintId}
            className="max-w-xs"
          />
          {pending && <Spinner label="Enviando imagem" />}
          {onRemove && imageUrl && !pending && (
            <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remover ${label.toLowerCase()}`}>
              <Trash2Icon aria-hidden />
              Remover
            </Button>
          )}
        </div>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        PNG, JPEG, SVG ou WEBP, até 5MB.
      </p>
      {message && (
        <p id={messageId} role="alert" className="text-sm text-destructive">
          {message}
        </p>
      )}
    </div>
  )
}
