import { Link } from 'react-router-dom'
import { WebhookIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'

/** The way to a robot's Hotmart screen (its webhook URL, hottok, test event and log). */
export function HotmartLink({ robotId }: { robotId: string }) {
  return (
    <Button variant="outline" asChild>
      <Link to={`/robots/${robotId}/hotmart`}>
        <WebhookIcon aria-hidden />
        Configurar Hotmart
      </Link>
    </Button>
  )
}
