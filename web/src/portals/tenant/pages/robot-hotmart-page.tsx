import type * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router-dom'
import { PageHeading } from '@/components/page-heading'
import { Skeleton } from '@/components/ui/skeleton'
import { tenantRobotQuery } from '@/features/tenant-catalog/api/robots'
import { BackToRobots } from '@/features/tenant-catalog/components/back-link'
import { LoadErrorCard } from '@/features/tenant-catalog/components/load-error-card'
import { useSaveHottok, type SalesChannelState } from '@/features/sales-channels/api/hotmart-channel'
import { ChannelEventLog } from '@/features/sales-channels/components/channel-event-log'
import { ChannelSecretForm } from '@/features/sales-channels/components/channel-secret-form'
import { ReconciliationCard } from '@/features/sales-channels/components/reconciliation-card'
import { SalesChannelNav } from '@/features/sales-channels/components/sales-channel-nav'
import { SetupSteps } from '@/features/sales-channels/components/setup-steps'
import { TestEventPanel } from '@/features/sales-channels/components/test-event-panel'
import { hotmartPlatform } from '@/features/sales-channels/platforms'
import { useChannelTestEvent } from '@/features/sales-channels/use-channel-test-event'
import { useCan } from '@/features/tenant-access/use-can'

const platform = hotmartPlatform

/**
 * /robots/:id/hotmart — Hotmart from the owner's own screen: the robot's webhook URL and the steps of Hotmart's panel,
 * the hottok, a test event through the real intake, the daily recovery of sales the webhook missed, and the log of what
 * arrived or was refused.
 */
export function TenantRobotHotmartPage() {
  const { id = '' } = useParams()
  const robot = useQuery(tenantRobotQuery(id))
  const { query, phase, event, sendError, send } = useChannelTestEvent(id)
  const title = `${platform.name}${robot.data ? ` · ${robot.data.name}` : ''}`

  return (
    <div className="space-y-6">
      <BackToRobots />
      <PageHeading title={title} description={`Cada venda do robô na ${platform.name} cria o cliente e a licença sozinha.`} />
      <SalesChannelNav robotId={id} current="hotmart" />
      {query.isSuccess ? (
        <ChannelContent channel={query.data} phase={phase} event={event} sendError={sendError} onSend={send} />
      ) : query.isError ? (
        <LoadErrorCard error={query.error} title={`Erro ao carregar a ${platform.name}`} fallback="Não foi possível carregar a configuração." onRetry={() => void query.refetch()} />
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
  channel,
  phase,
  event,
  sendError,
  onSend,
}: { channel: SalesChannelState } & Pick<React.ComponentProps<typeof TestEventPanel>, 'phase' | 'event' | 'sendError' | 'onSend'>) {
  const saveHottok = useSaveHottok()
  const canSaveSecret = useCan('ManageSettings')
  const canSendTest = useCan('ManageRobots')
  return (
    <>
      <SetupSteps platform={platform} webhookUrl={channel.webhookUrl} />
      <ChannelSecretForm
        platform={platform}
        configured={channel.hottokConfigured}
        prefix={channel.hottokPrefix}
        save={(hottok) => saveHottok.mutateAsync(hottok)}
        saving={saveHottok.isPending}
        canSave={canSaveSecret}
      />
      <TestEventPanel
        platform={platform}
        lastEventAt={channel.lastEventAt}
        phase={phase}
        event={event}
        sendError={sendError}
        onSend={onSend}
        canSend={canSendTest}
      />
      <ReconciliationCard canRun={canSaveSecret} />
      <ChannelEventLog platform={platform} events={channel.events} refusals={channel.refusals} />
    </>
  )
}
