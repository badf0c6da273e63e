import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { ArrowRightIcon } from 'lucide-react'
import { robotOptionsQuery } from '@/lib/api/owner-options'

const linkClass = 'mt-auto inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline'

/**
 * The checklist's Hotmart step: straight to the first robot's Hotmart screen (its URL, the panel's steps, the hottok);
 * with no robot yet, to the robots list, saying a robot comes first.
 */
export function HotmartStepLink() {
  const robots = useQuery(robotOptionsQuery())
  const first = robots.data?.items[0]
  if (robots.isPending) return null
  if (robots.isError) {
    return (
      <Link to="/robots" className={linkClass}>
        Ir para Robôs
        <ArrowRightIcon className="size-3.5" aria-hidden />
      </Link>
    )
  }
  if (!first) {
    return (
      <p className="mt-auto text-sm text-muted-foreground">
        Cada robô tem a sua URL de webhook: cadastre um robô primeiro.{' '}
        <Link to="/robots" className="text-primary underline underline-offset-4">
          Ir para Robôs
        </Link>
      </p>
    )
  }
  return (
    <Link to={`/robots/${first.id}/hotmart`} className={linkClass}>
      Configurar a Hotmart de {first.name}
      <ArrowRightIcon className="size-3.5" aria-hidden />
    </Link>
  )
}
