import { Link } from 'react-router-dom'
import { BookOpenIcon, BotIcon } from 'lucide-react'
import { PageHeading, TitleOnlyPage } from '@/components/page-heading'
import { PublicCardPage } from '@/components/public-card-page'
import { Button } from '@/components/ui/button'
import { firstName } from '@/lib/format'
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
        <Button asChild variant="outline">
          <Link to="/robots">
            <BotIcon aria-hidden />
            Meus Robôs
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/lessons">
            <BookOpenIcon aria-hidden />
            Área de Ensino
          </Link>
        </Button>
      </div>
    </div>
  )
}

export const ClientRobotsPage = () => <TitleOnlyPage title="Meus Robôs" />
export const ClientSubscriptionsPage = () => <TitleOnlyPage title="Minhas Assinaturas" />
export const ClientLessonsPage = () => <TitleOnlyPage title="Área de Ensino" />

export const ClientForgotPasswordPage = () => <PublicCardPage title="Recuperar senha" />
export const ClientResetPasswordPage = () => <PublicCardPage title="Redefinir senha" />
