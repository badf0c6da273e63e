import { BotIcon } from 'lucide-react'
import { SectionError } from '@/components/dashboard/dashboard-panel'
import { PageHeading } from '@/components/page-heading'
import { useClientSession } from '@/features/auth/api/client-session'
import { useClientLicenses } from '@/features/client-area/api/licenses'
import { CARD_GRID, CardsSkeleton, EmptyCard } from '@/features/client-area/components/card-list-states'
import { InstallHelp } from '@/features/client-area/components/install-help'
import { LicenseCard } from '@/features/client-area/components/license-card'

function RobotsContent() {
  const licenses = useClientLicenses()
  // The e-mail a robot that is not a personal build asks for: the purchase's, which is the client's own.
  const purchaseEmail = useClientSession().data?.user.email
  if (licenses.isPending) return <CardsSkeleton />
  if (!licenses.data) {
    return <SectionError title="Erro ao carregar licenças" error={licenses.error} onRetry={() => void licenses.refetch()} retrying={licenses.isFetching} />
  }
  const { licenses: items, webRequestUrl } = licenses.data
  if (items.length === 0) {
    return <EmptyCard icon={<BotIcon />} title="Você ainda não possui nenhum robô." hint="Quando você adquirir um robô, ele aparecerá aqui para download." />
  }
  return (
    <>
      <div className={CARD_GRID}>
        {items.map((license) => (
          <LicenseCard key={license.id} license={license} webRequestUrl={webRequestUrl} purchaseEmail={purchaseEmail} />
        ))}
      </div>
      <InstallHelp webRequestUrl={webRequestUrl} />
    </>
  )
}

/** /robots (Meus Robôs): one card per license, and how to install the robots in MetaTrader 5. */
export function ClientRobotsPage() {
  return (
    <div className="space-y-6">
      <PageHeading title="Meus Robôs" description="Baixe seus robôs e gerencie a conta MetaTrader de cada licença" />
      <RobotsContent />
    </div>
  )
}
