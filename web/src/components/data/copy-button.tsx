import { CheckIcon, CopyIcon } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/use-toast'
import { copyToClipboard } from './clipboard'

/**
 * Copies `value` and says so: a check mark for two seconds and a toast; when the browser refuses,
 * a toast with `errorDescription` instead (the text stays on screen to copy by hand).
 */
export function CopyButton({
  value,
  label,
  success = 'Copiado para a área de transferência.',
  errorDescription = 'Não foi possível copiar. Copie manualmente.',
  disabled,
}: {
  value: string
  /** The accessible name, e.g. "Copiar URL do webhook". */
  label: string
  success?: string
  errorDescription?: string
  disabled?: boolean
}) {
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    if (await copyToClipboard(value)) {
      setCopied(true)
      setTimeout(() => setCopied(false), 2000)
      toast({ title: 'Copiado', description: success })
    } else {
      toast({ variant: 'destructive', title: 'Erro', description: errorDescription })
    }
  }
  return (
    <Button type="button" variant="outline" size="icon" aria-label={label} title={label} onClick={copy} disabled={disabled}>
      {copied ? <CheckIcon /> : <CopyIcon />}
    </Button>
  )
}
