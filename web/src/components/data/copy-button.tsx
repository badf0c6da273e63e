import { CheckIcon, CopyIcon } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { COPIED_TITLE, COPY_FAILED_DESCRIPTION, COPY_FEEDBACK_MS, copyToClipboard, toastCopied, toastCopyFailed } from './clipboard'

/**
 * Copies `value` and says so: a check mark and a toast ('Copiado!', `success`) for three seconds; when the browser
 * refuses, an 'Erro ao copiar' toast (`errorDescription`) instead (the text stays on screen to copy by hand).
 */
export function CopyButton({
  value,
  label,
  success = 'Copiado para a área de transferência.',
  errorDescription = COPY_FAILED_DESCRIPTION,
  successTitle = COPIED_TITLE,
  disabled,
  showLabel = false,
  className,
  onCopied,
}: {
  value: string
  /** The accessible name, e.g. "Copiar URL do webhook". */
  label: string
  success?: string
  errorDescription?: string
  successTitle?: string
  disabled?: boolean
  /** The label as the button's visible text (next to the icon) rather than only its accessible name. */
  showLabel?: boolean
  className?: string
  /** Called after the value reached the clipboard. */
  onCopied?: () => void
}) {
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    if (await copyToClipboard(value)) {
      setCopied(true)
      setTimeout(() => setCopied(false), COPY_FEEDBACK_MS)
      toastCopied(success, successTitle)
      onCopied?.()
    } else {
      toastCopyFailed(errorDescription)
    }
  }
  const icon = copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />
  if (showLabel) {
    return (
      <Button type="button" variant="outline" size="sm" onClick={copy} disabled={disabled} className={className}>
        {icon}
        {label}
      </Button>
    )
  }
  return (
    <Button type="button" variant="outline" size="icon" aria-label={label} title={label} onClick={copy} disabled={disabled} className={className}>
      {icon}
    </Button>
  )
}
