import { Link } from 'react-router-dom'
import { ArrowLeftIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'

/** The way back to the robots list from a robot's sub-pages (versions, sales page). */
export function BackToRobots() {
  return (
    <Button variant="ghost" size="sm" asChild className="-ml-2">
      <Link to="/robots">
        <ArrowLeftIcon aria-hidden />
        Voltar para robôs
      </Link>
    </Button>
  )
}
