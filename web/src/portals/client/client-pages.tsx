import { Link } from 'react-router-dom'
import { PageHeading, TitleOnlyPage } from '@/components/page-heading'
import { Button } from '@/components/ui/button'
import { useClientSession } from '@/features/auth/api/client-session'
import { firstName } from '@/lib/format'
import type { NavigationItem } from '@/lib/navigation'

/** The client's home: a greeting and `shortcuts` to some screens as buttons. */
export function ClientDashboardPage({ shortcuts }: { shortcuts: NavigationItem[] }) {
  const { data: session } = useClientSession()
  const name = firstName(session?.user.name)
  return (
    <div className="space-y-6">
      <PageHeading title="Dashboard" />
      <p className="text-lg" data-testid="client-greeting">
        Olá, {name || 'cliente'}! Bem-vindo à sua área.
      </p>
      <div className="flex flex-wrap gap-2">
        {shortcuts.map((item) => (
          <Button key={item.path} asChild variant="outline">
            <Link to={item.path}>
              <item.icon aria-hidden />
              {item.label}
            </Link>
          </Button>
        ))}
      </div>
    </div>
  )
}

export const ClientRobotsPage = () => <TitleOnlyPage title="Meus Robôs" />
export const ClientSubscriptionsPage = () => <TitleOnlyPage title="Minhas Assinaturas" />
export const ClientLessonsPage = () => <TitleOnlyPage title="Área de Ensino" />
