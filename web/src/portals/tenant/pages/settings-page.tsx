import { useQuery } from '@tanstack/react-query'
import { PageHeading } from '@/components/page-heading'
import { Skeleton } from '@/components/ui/skeleton'
import { useTenantSession } from '@/hooks/use-tenant-session'
import { tenantDisplayName } from '@/features/auth/api/tenant-session'
import { tenantSettingsQuery } from '@/features/tenant-catalog/api/settings'
import { LoadErrorCard } from '@/features/tenant-catalog/components/load-error-card'
import { SettingsForm } from '@/features/tenant-catalog/components/settings/settings-form'
import { HotmartApiCard } from '@/features/tenant-catalog/components/settings/hotmart-api-card'
import { StorageCard } from '@/features/tenant-catalog/components/settings/storage-card'
import { ReadOnlyNotice } from '@/features/tenant-access/components/read-only-notice'
import { useCan } from '@/features/tenant-access/use-can'
import { PortalAddressesCard } from '../components/portal-addresses-card'

/**
 * /settings — the tenant's look (themes, identity, colours, font) and general settings, with a live preview; the
 * Hotmart API credentials that let cancellations reach Hotmart; both portals' addresses to copy; and how much of its
 * storage quota it uses.
 */
export function TenantSettingsPage() {
  const query = useQuery(tenantSettingsQuery())
  const { data: session } = useTenantSession()
  // The name the portal falls back to when no display name is set.
  const tenantName = session?.tenant.name?.trim() || tenantDisplayName(session) || 'White Label'
  // ViewSettings without ManageSettings (Financeiro): the same screen, nothing to change.
  const canManage = useCan('ManageSettings')

  return (
    <div className="space-y-6">
      <PageHeading title="Configurações" description="A aparência do seu portal e dos seus clientes, e as informações gerais." />
      {!canManage && <ReadOnlyNotice />}
      {query.isSuccess ? (
        <fieldset disabled={!canManage} className="min-w-0">
          <SettingsForm settings={query.data} tenantName={tenantName} />
        </fieldset>
      ) : query.isError ? (
        <LoadErrorCard
          error={query.error}
          title="Erro ao carregar configurações"
          fallback="Não foi possível carregar as configurações."
          notFoundTitle="Erro ao carregar configurações"
          notFoundText="Não foi possível carregar as configurações."
          onRetry={() => void query.refetch()}
        />
      ) : (
        <div className="space-y-3" role="status" aria-busy="true" aria-label="Carregando configurações">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      )}
      <PortalAddressesCard />
      {canManage && <HotmartApiCard />}
      <StorageCard />
    </div>
  )
}
