import { CheckIcon, CopyIcon } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { COPY_FEEDBACK_MS, copyToClipboard, toastCopied, toastCopyFailed } from '@/components/data'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/use-toast'
import { TENANT_WITHOUT_URL } from '../robot-webhook'

/**
 * Copies a robot's webhook URL for the Hotmart panel. Without a URL (its tenant has none) the copy is
 * refused with 'Tenant não possui URL configurada'.
 */
export function WebhookCopyButton({ url, robotName }: { url: string | null; robotName: string }) {
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const label = `Copiar URL do webhook de ${robotName}`

  const copy = async () => {
    if (!url) {
      toast({ variant: 'destructive', title: 'Erro', description: TENANT_WITHOUT_URL })
      return
    }
    if (await copyToClipboard(url)) {
      setCopied(true)
      clearTimeout(timer.current)
      timer.current = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS)
      toastCopied('Cole esta URL no painel da Hotmart.', 'URL copiada!')
    } else {
      toastCopyFailed()
    }
  }

  return (
    <Button type="button" variant="outline" size="icon" aria-label={label} title={label} onClick={copy}>
      {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
    </Button>
  )
}
