import { CheckIcon, CopyIcon } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/use-toast'
import { copyToClipboard } from './clipboard'

/**
 * Copies `value` and says so: a check mark for two seconds and a toast (`successTitle`, `success`); when the browser
 * refuses, a toast (`errorTitle`, `errorDescription`) instead (the text stays on screen to copy by hand).
 */
export function CopyButton({
  value,
  label,
  success = 'Copiado para a área de transferência.',
  errorDescription = 'Não foi possível copiar. Copie manualmente.',
  successTitle = 'Copiado',
  errorTitle = 'Erro',
  disabled,
}: {
  value: string
  /** The accessible name, e.g. "Copiar URL do webhook". */
  label: string
  success?: string
  errorDescription?: string
  successTitle?: string
  errorTitle?: string
  disabled?: boolean
}) {
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    if (await copyToClipboard(value)) {
      setCopied(true)
      setTimeout(() => setCopied(false), 2000)
      toast({ title: successTitle, description: success })
    } else {
      toast({ variant: 'destructive', title: errorTitle, description: errorDescription })
    }
  }
  return (
    <Button type="button" variant="outline" size="icon" aria-label={label} title={label} onClick={copy} disabled={disabled}>
      {copied ? <CheckIcon /> : <CopyIcon />}
    </Button>
  )
}
