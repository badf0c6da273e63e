import { CheckIcon, WebhookIcon } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { COPY_FEEDBACK_MS, copyToClipboard, toastCopied, toastCopyFailed } from '@/components/data'
import { Button } from '@/components/ui/button'

/**
 * Where Hotmart posts this robot's sales. The owner portal is served on the tenant's own host, so the current
 * origin is that host.
 */
export function robotWebhookUrl(robotId: string, origin: string = window.location.origin): string {
  return `${origin}/api/webhooks/hotmart/robot/${robotId}`
}

/** Copies a robot's webhook URL for the Hotmart panel. */
export function RobotWebhookButton({ robotId, robotName }: { robotId: string; robotName: string }) {
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const label = `Copiar Webhook de ${robotName}`

  const copy = async () => {
    if (await copyToClipboard(robotWebhookUrl(robotId))) {
      setCopied(true)
      clearTimeout(timer.current)
      timer.current = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS)
      toastCopied('Cole no painel da Hotmart', 'URL copiada!')
    } else {
      toastCopyFailed()
    }
  }

  return (
    <Button type="button" variant="ghost" size="sm" aria-label={label} onClick={copy}>
      {copied ? <CheckIcon aria-hidden /> : <WebhookIcon aria-hidden />}
      Copiar Webhook
    </Button>
  )
}
