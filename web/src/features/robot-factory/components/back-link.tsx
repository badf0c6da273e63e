import { Link } from 'react-router-dom'
import { ArrowLeftIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'

/** The way back from a factory page to its list. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Button variant="ghost" size="sm" asChild className="-ml-2">
      <Link to={to}>
        <ArrowLeftIcon aria-hidden />
        {children}
      </Link>
    </Button>
  )
}
