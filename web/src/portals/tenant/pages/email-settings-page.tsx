import type * as React from 'react'
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { PageHeading } from '@/components/page-heading'
import { Skeleton } from '@/components/ui/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { emailSettingsQuery, emailTemplatesQuery } from '@/features/tenant-catalog/api/email'
import { CredentialsCard } from '@/features/tenant-catalog/components/email/credentials-card'
import { ProblemsList } from '@/features/tenant-catalog/components/email/problems-list'
import { SendingStatusCard } from '@/features/tenant-catalog/components/email/sending-status-card'
import { TemplatesForm } from '@/features/tenant-catalog/components/email/templates-form'
import { TestEmailCard } from '@/features/tenant-catalog/components/email/test-email-card'
import { LoadErrorCard } from '@/features/tenant-catalog/components/load-error-card'

/**
 * /email-settings — how the tenant's mail goes out (own verified domain, or the platform's frame and limits), its
 * Resend credentials (with a test send), its four e-mail templates, and the messages that did not arrive.
 */
export function TenantEmailSettingsPage() {
  return (
    <div className="space-y-6">
      <PageHeading title="E-mails" description="Como os e-mails chegam aos seus clientes: remetente e textos." />
      <Tabs defaultValue="credentials">
        <TabsList>
          <TabsTrigger value="credentials">Credenciais</TabsTrigger>
          <TabsTrigger value="templates">Templates</TabsTrigger>
          <TabsTrigger value="problems">Não entregues</TabsTrigger>
        </TabsList>
        <TabsContent value="credentials" className="mt-4">
          <CredentialsTab />
        </TabsContent>
        <TabsContent value="templates" className="mt-4">
          <TemplatesTab />
        </TabsContent>
        <TabsContent value="problems" className="mt-4">
          <ProblemsList />
        </TabsContent>
      </Tabs>
    </div>
  )
}

function CredentialsTab() {
  const query = useQuery(emailSettingsQuery())
  return (
    <Loaded query={query} errorTitle="Erro ao carregar configurações" fallback="Não foi possível carregar as credenciais.">
      {(settings) => (
        <div className="grid gap-6">
          <SendingStatusCard />
          <CredentialsCard settings={settings} />
          <TestEmailCard hasApiKey={settings.hasApiKey} />
        </div>
      )}
    </Loaded>
  )
}

function TemplatesTab() {
  const query = useQuery(emailTemplatesQuery())
  return (
    <Loaded query={query} errorTitle="Erro ao carregar templates" fallback="Não foi possível carregar os templates.">
      {(item) => <TemplatesForm item={item} />}
    </Loaded>
  )
}

/** A tab's content once its data is there; skeletons while loading, the failure with a retry. */
function Loaded<Data>({
  query,
  errorTitle,
  fallback,
  children,
}: {
  query: UseQueryResult<Data>
  errorTitle: string
  fallback: string
  children: (data: Data) => React.ReactNode
}) {
  if (query.isSuccess) return children(query.data)
  if (query.isError) {
    return (
      <LoadErrorCard
        error={query.error}
        title={errorTitle}
        fallback={fallback}
        notFoundTitle={errorTitle}
        notFoundText={fallback}
        onRetry={() => void query.refetch()}
      />
    )
  }
  return (
    <div className="space-y-3" role="status" aria-busy="true" aria-label="Carregando">
      <Skeleton className="h-48 w-full" />
      <Skeleton className="h-32 w-full" />
    </div>
  )
}
