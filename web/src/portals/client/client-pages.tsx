import { Link } from 'react-router-dom'
import { PageHeading, TitleOnlyPage } from '@/components/page-heading'
import { Button } from '@/components/ui/button'
import { firstName } from '@/lib/format'
import { clientDashboardShortcuts } from './client-navigation'
import { useClientSession } from './client-session'

export function ClientDashboardPage() {
  const { data: session } = useClientSession()
  const name = firstName(session?.user.name)
  return (
    <div className="space-y-6">
      <PageHeading title="Dashboard" />
      <p className="text-lg" data-testid="client-greeting">
        Olá, {name || 'cliente'}! Bem-vindo à sua área.
      </p>
      <div className="flex flex-wrap gap-2">
        {clientDashboardShortcuts.map((item) => (
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
