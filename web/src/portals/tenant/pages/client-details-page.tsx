import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router-dom'
import { ArrowLeftIcon, ArrowLeftRightIcon, LinkIcon, MailIcon } from 'lucide-react'
import { PageHeading } from '@/components/page-heading'
import { ClientAccessLinkDialog } from '@/components/commerce/client-access-link'
import { ClientEmailsSection } from '@/features/email-log/components/client-emails-section'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { ApiError, errorMessage } from '@/lib/api/client'
import { clientDetailsQuery, type ClientDetails } from '@/features/tenant-clients/api/clients'
import { ClientInstallations } from '@/features/tenant-clients/components/client-details/client-installations'
import { ClientPrivacy } from '@/features/tenant-clients/components/client-details/client-privacy'
import { ClientSales } from '@/features/tenant-clients/components/client-details/client-sales'
import { ClientSubscriptions } from '@/features/tenant-clients/components/client-details/client-subscriptions'
import { ClientSummary } from '@/features/tenant-clients/components/client-details/client-summary'
import { ClientDetailsSkeleton } from '@/features/tenant-clients/components/client-details/details-skeleton'
import { LinkedRobots } from '@/features/tenant-clients/components/client-details/linked-robots'
import { SendEmailDialog } from '@/features/tenant-clients/components/send-email-dialog'
import { SwitchAccountDialog } from '@/features/tenant-clients/components/switch-account-dialog'
import { useCan } from '@/features/tenant-access/use-can'

/** /clients/:id — one client with their robots, installations, subscriptions and purchases. */
export function TenantClientDetailsPage() {
  const { id = '' } = useParams()
  const query = useQuery(clientDetailsQuery(id))

  return (
    <div className="space-y-6">
      <BackLink />
      {query.isPending ? (
        <>
          <PageHeading title="Detalhes do Cliente" />
          <ClientDetailsSkeleton />
        </>
      ) : query.isError ? (
        <>
          <PageHeading title="Detalhes do Cliente" />
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        </>
      ) : (
        <ClientDetailsContent details={query.data} />
      )}
    </div>
  )
}

function BackLink() {
  return (
    <Button variant="ghost" size="sm" asChild className="-ml-2">
      <Link to="/clients">
        <ArrowLeftIcon aria-hidden />
        Voltar para clientes
      </Link>
    </Button>
  )
}

/** A failed load: an unknown client (404) says so; anything else offers a retry. */
function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const notFound = error instanceof ApiError && error.status === 404
  return (
    <Card role="alert" className="border-destructive/50">
      <CardHeader>
        <CardTitle className="text-destructive">{notFound ? 'Cliente não encontrado' : 'Erro ao carregar detalhes do cliente'}</CardTitle>
      </CardHeader>
      <CardContent className="grid justify-items-start gap-3 text-sm">
        <p className="text-muted-foreground">
          {notFound ? 'Este cliente não existe ou não pertence à sua conta.' : errorMessage(error, 'Não foi possível carregar os dados do cliente.')}
        </p>
        {!notFound && (
          <Button variant="outline" size="sm" onClick={onRetry}>
            Tentar novamente
          </Button>
        )}
      </CardContent>
    </Card>
  )
}

function ClientDetailsContent({ details }: { details: ClientDetails }) {
  const { client, licenses } = details
  const [open, setOpen] = React.useState<'email' | 'account' | 'access-link' | null>(null)
  const canEmail = useCan('ManageClients')
  const canSwitchAccount = useCan('ManageLicenses')
  const canErase = useCan('EraseClients')
  const close = (isOpen: boolean) => {
    if (!isOpen) setOpen(null)
  }

  return (
    <>
      <PageHeading title={client.name} description="Detalhes do cliente" />
      <ClientSummary
        client={client}
        actions={
          <>
            {canEmail && (
              <Button variant="outline" onClick={() => setOpen('email')}>
                <MailIcon aria-hidden />
                Enviar E-mail
              </Button>
            )}
            {canEmail && (
              <Button variant="outline" onClick={() => setOpen('access-link')} disabled={client.status !== 'active'} title={client.status !== 'active' ? 'Reative o cliente antes de gerar um link de acesso' : undefined}>
                <LinkIcon aria-hidden />
                Copiar link de acesso
              </Button>
            )}
            {canSwitchAccount && (
              <Button
                variant="outline"
                onClick={() => setOpen('account')}
                disabled={licenses.length === 0}
                title={licenses.length === 0 ? 'O cliente não tem licenças' : undefined}
              >
                <ArrowLeftRightIcon aria-hidden />
                Trocar Conta
              </Button>
            )}
          </>
        }
      />
      <LinkedRobots licenses={licenses} />
      <ClientInstallations installations={details.installations} licenses={licenses} />
      <ClientSubscriptions subscriptions={details.subscriptions} />
      <ClientSales sales={details.sales} />
      <ClientEmailsSection clientId={client.id} canResend={canEmail} />
      {canErase && <ClientPrivacy client={client} />}
      <SendEmailDialog open={open === 'email'} onOpenChange={close} client={client} />
      <SwitchAccountDialog open={open === 'account'} onOpenChange={close} licenses={licenses} />
      <ClientAccessLinkDialog clientId={client.id} clientName={client.name} open={open === 'access-link'} onOpenChange={close} />
    </>
  )
}
