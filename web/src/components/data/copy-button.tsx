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
}: {
  value: string
  /** The accessible name, e.g. "Copiar URL do webhook". */
  label: string
  success?: string
  errorDescription?: string
  successTitle?: string
  disabled?: boolean
}) {
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    if (await copyToClipboard(value)) {
      setCopied(true)
      setTimeout(() => setCopied(false), COPY_FEEDBACK_MS)
      toastCopied(success, successTitle)
    } else {
      toastCopyFailed(errorDescription)
    }
  }
  return (
    <Button type="button" variant="outline" size="icon" aria-label={label} title={label} onClick={copy} disabled={disabled}>
      {copied ? <CheckIcon /> : <CopyIcon />}
    </Button>
  )
}
