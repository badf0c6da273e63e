import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router-dom'
import { PageHeading } from '@/components/page-heading'
import { SectionCard } from '@/components/section-card'
import { Skeleton } from '@/components/ui/skeleton'
import { formatDateTime } from '@/lib/format'
import { tenantRobotQuery } from '@/features/tenant-catalog/api/robots'
import { BackToRobots } from '@/features/tenant-catalog/components/back-link'
import { LoadErrorCard } from '@/features/tenant-catalog/components/load-error-card'
import {
  signedChannelQuery,
  useSaveExternalReference,
  useSaveSignedToken,
  type SignedChannelState,
  type SignedPlatformKey,
} from '@/features/sales-channels/api/signed-channel'
import { ChannelEventLog } from '@/features/sales-channels/components/channel-event-log'
import { ChannelSecretForm } from '@/features/sales-channels/components/channel-secret-form'
import { ExternalReferenceForm } from '@/features/sales-channels/components/external-reference-form'
import { SalesChannelNav } from '@/features/sales-channels/components/sales-channel-nav'
import { SetupSteps } from '@/features/sales-channels/components/setup-steps'
import { asaasPlatform, eduzzPlatform, kiwifyPlatform, platformWords, type SalesChannelPlatform } from '@/features/sales-channels/platforms'
import { useCan } from '@/features/tenant-access/use-can'

const platforms: Record<SignedPlatformKey, SalesChannelPlatform> = { kiwify: kiwifyPlatform, eduzz: eduzzPlatform, asaas: asaasPlatform }

/**
 * /robots/:id/kiwify, /robots/:id/eduzz, /robots/:id/asaas — a platform that signs each delivery with a secret per
 * robot, from the owner's own screen: the robot's webhook URL and the steps of the platform's panel, the robot's
 * secret (never shown back, only how it begins), Asaas's external reference, what arrived and what was refused.
 */
export function TenantRobotSalesChannelPage({ platformKey }: { platformKey: SignedPlatformKey }) {
  const platform = platforms[platformKey]
  const words = platformWords(platform)
  const { id = '' } = useParams()
  const robot = useQuery(tenantRobotQuery(id))
  const channel = useQuery(signedChannelQuery(id, platformKey))
  const title = `${platform.name}${robot.data ? ` · ${robot.data.name}` : ''}`

  return (
    <div className="space-y-6">
      <BackToRobots />
      <PageHeading title={title} description={`Cada venda do robô ${words.in} cria o cliente e a licença sozinha.`} />
      <SalesChannelNav robotId={id} current={platformKey} />
      {channel.isSuccess ? (
        <ChannelContent robotId={id} platformKey={platformKey} platform={platform} channel={channel.data} />
      ) : channel.isError ? (
        <LoadErrorCard
          error={channel.error}
          title={`Erro ao carregar ${words.the}`}
          fallback="Não foi possível carregar a configuração."
          onRetry={() => void channel.refetch()}
        />
      ) : (
        <div className="space-y-3" role="status" aria-busy="true" aria-label="Carregando configuração">
          <Skeleton className="h-48 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      )}
    </div>
  )
}

function ChannelContent({
  robotId,
  platformKey,
  platform,
  channel,
}: {
  robotId: string
  platformKey: SignedPlatformKey
  platform: SalesChannelPlatform
  channel: SignedChannelState
}) {
  const saveToken = useSaveSignedToken(robotId, platformKey)
  const saveReference = useSaveExternalReference(robotId)
  const canSaveSecret = useCan('ManageSettings')
  const words = platformWords(platform)
  return (
    <>
      <SetupSteps platform={platform} webhookUrl={channel.webhookUrl} />
      <ChannelSecretForm
        platform={platform}
        configured={channel.tokenConfigured}
        prefix={channel.tokenPrefix}
        save={(token) => saveToken.mutateAsync(token)}
        saving={saveToken.isPending}
        canSave={canSaveSecret}
      />
      {platformKey === 'asaas' && (
        <ExternalReferenceForm
          current={channel.externalReference}
          save={(reference) => saveReference.mutateAsync(reference)}
          saving={saveReference.isPending}
          canSave={canSaveSecret}
        />
      )}
      <SectionCard id="channel-connection" title="Conexão" description={`O que ${words.the} já enviou para este robô.`}>
        <p className="text-sm" data-testid="last-event">
          {channel.lastEventAt ? (
            <>
              Último evento recebido: <strong>{formatDateTime(channel.lastEventAt)}</strong>
            </>
          ) : (
            'Nenhum evento recebido ainda.'
          )}
        </p>
        {platform.noRecovery && (
          <p className="text-sm text-muted-foreground" data-testid="no-recovery">
            {platform.noRecovery}
          </p>
        )}
      </SectionCard>
      <ChannelEventLog
        platform={platform}
        events={channel.events}
        refusals={channel.refusals}
        placeholder={`Nenhum evento neste registro. Depois de configurar ${words.the}, cada venda aparece aqui.`}
      />
    </>
  )
}
