import * as React from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useParams } from 'react-router-dom'
import { PageHeading } from '@/components/page-heading'
import { SalesChannelNav } from '@/features/sales-channels/components/sales-channel-nav'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/api/client'
import { ConfirmDialog } from '@/components/data'
import { VersionBacktestDialog } from '@/features/backtests/components/version-backtest-dialog'
import { tenantCatalogKeys } from '@/lib/query-keys/tenant-catalog'
import {
  robotVersionsQuery,
  useActivateVersion,
  useDownloadVersion,
  useRestoreVersion,
  useWithdrawVersion,
  type RobotVersions,
  type VersionItem,
} from '@/features/tenant-catalog/api/versions'
import { BackToRobots } from '@/features/tenant-catalog/components/back-link'
import { DeleteRobotButton } from '@/features/tenant-catalog/components/delete-robot-button'
import { LicenseSettingsCard } from '@/features/tenant-catalog/components/license/license-settings-card'
import { SeatPolicyCard } from '@/features/tenant-catalog/components/license/seat-policy-card'
import { LoadErrorCard } from '@/features/tenant-catalog/components/load-error-card'
import { VersionEditDialog } from '@/features/tenant-catalog/components/versions/version-edit-dialog'
import { UncheckedUploadNotice } from '@/features/tenant-catalog/components/versions/unchecked-upload'
import { VersionUploadForm } from '@/features/tenant-catalog/components/versions/version-upload-form'
import { VersionsTable } from '@/features/tenant-catalog/components/versions/versions-table'
import { InstallationsByVersionCard } from '@/features/tenant-catalog/components/versions/installations-by-version-card'
import { PersonalBuildsCard } from '@/features/personal-builds/components/personal-builds-card'
import { useCan } from '@/features/tenant-access/use-can'
import { useRobotCompileJobs } from '@/features/compilation/api/robot-compile-jobs'
import { emptyVersionsText, RobotCompileJobsCard } from '@/features/compilation/components/robot-compile-status'

/**
 * /robots/:robotId/versions — a robot's compiled versions: upload, activate (exactly one is active), edit, download;
 * and its license settings (public key, offline grace, how accounts are bound). A role without ManageRobots sees the
 * versions, downloads them and reads the license settings. Each .ex5 version's "Backtest" opens its Strategy Tester runs
 * (run one, cancel it, show a completed one on the sales page). Under them, the robot's personal copies: who is still on the
 * shared file, tracing a found .ex5 to its buyer and revoking that copy (ManageLicenses). Activating a version e-mails the
 * robot's buyers ("Nova versão"): the toast says to how many, or why not. A version that is not active can be withdrawn
 * (robots running it stop at their next check) and restored; "Instalações por versão" shows who runs which.
 */
export function TenantRobotVersionsPage() {
  const { robotId = '' } = useParams()
  const query = useQuery(robotVersionsQuery(robotId))

  return (
    <div className="space-y-6">
      <BackToRobots />
      {query.isSuccess ? (
        <VersionsContent robotId={robotId} data={query.data} />
      ) : (
        <>
          <PageHeading title="Versões do Robô" />
          {query.isError ? (
            <LoadErrorCard error={query.error} title="Erro ao carregar versões" fallback="Não foi possível carregar as versões." onRetry={() => void query.refetch()} />
          ) : (
            <div className="space-y-3" role="status" aria-busy="true" aria-label="Carregando versões">
              <Skeleton className="h-40 w-full" />
              <Skeleton className="h-40 w-full" />
            </div>
          )}
        </>
      )}
    </div>
  )
}

function VersionsContent({ robotId, data }: { robotId: string; data: RobotVersions }) {
  const [activating, setActivating] = React.useState<VersionItem | null>(null)
  const [editing, setEditing] = React.useState<VersionItem | null>(null)
  const [withdrawing, setWithdrawing] = React.useState<VersionItem | null>(null)
  const [backtesting, setBacktesting] = React.useState<{ open: boolean; version: VersionItem | null }>({ open: false, version: null })
  const queryClient = useQueryClient()
  // Each row shows its version's newest run: asked again after a run is queued, cancelled or chosen, and on closing.
  const refreshVersions = () => void queryClient.invalidateQueries({ queryKey: tenantCatalogKeys.robots.versions(robotId) })
  const activate = useActivateVersion()
  const withdraw = useWithdrawVersion()
  const restore = useRestoreVersion()
  const download = useDownloadVersion()
  const canManage = useCan('ManageRobots')
  const canRevokeBuilds = useCan('ManageLicenses')
  const compiles = useRobotCompileJobs(robotId)
  const compiling = compiles.data?.inProgress ?? false
  // A compile that just ended may have become a version: ask for the list again when nothing is in progress any more.
  const wasCompiling = React.useRef(false)
  React.useEffect(() => {
    if (wasCompiling.current && !compiling) void queryClient.invalidateQueries({ queryKey: tenantCatalogKeys.robots.versions(robotId) })
    wasCompiling.current = compiling
  }, [compiling, queryClient, robotId])

  const confirmActivation = () => {
    if (!activating) return
    activate.mutate(
      { robotId, version: activating.version },
      {
        onSuccess: (answer) => {
          const told = answer.announcement?.message
          toast({
            title: 'Versão ativada',
            description: [`Os clientes passam a baixar a versão ${activating.version}.`, told].filter(Boolean).join(' '),
          })
          setActivating(null)
        },
        onError: (error) => toast({ variant: 'destructive', title: 'Erro ao ativar versão', description: errorMessage(error, 'Tente novamente.') }),
      },
    )
  }

  const confirmWithdrawal = () => {
    if (!withdrawing) return
    withdraw.mutate(
      { robotId, versionId: withdrawing.id },
      {
        onSuccess: () => {
          toast({ title: 'Versão retirada', description: `Robôs com a versão ${withdrawing.version} param na próxima verificação.` })
          setWithdrawing(null)
        },
        onError: (error) => toast({ variant: 'destructive', title: 'Erro ao retirar versão', description: errorMessage(error, 'Tente novamente.') }),
      },
    )
  }

  const restoreVersion = (version: VersionItem) =>
    restore.mutate(
      { robotId, versionId: version.id },
      {
        onSuccess: () => toast({ title: 'Versão restaurada', description: `Robôs com a versão ${version.version} voltam a funcionar.` }),
        onError: (error) => toast({ variant: 'destructive', title: 'Erro ao restaurar versão', description: errorMessage(error, 'Tente novamente.') }),
      },
    )

  const startDownload = (version: VersionItem) =>
    download.mutate(
      { robotId, version },
      {
        onSuccess: () => toast({ title: 'Download iniciado', description: version.originalFileName }),
        onError: (error) => toast({ variant: 'destructive', title: 'Erro ao baixar arquivo', description: errorMessage(error, 'Tente novamente mais tarde') }),
      },
    )

  return (
    <>
      <PageHeading
        title="Versões do Robô"
        description={`${data.robot.name} · ${data.activeVersion ? `versão ativa v${data.activeVersion}` : 'sem versão ativa'}`}
        actions={
          canManage ? <DeleteRobotButton robot={data.robot} /> : undefined
        }
      />
      <SalesChannelNav robotId={robotId} />
      <RobotCompileJobsCard jobs={compiles.data?.jobs ?? []} />
      <VersionsTable
        versions={data.versions}
        emptyText={emptyVersionsText(compiles.data)}
        onActivate={canManage ? setActivating : undefined}
        onEdit={canManage ? setEditing : undefined}
        onWithdraw={canManage ? setWithdrawing : undefined}
        onRestore={canManage ? restoreVersion : undefined}
        changing={restore.isPending ? (restore.variables?.versionId ?? null) : null}
        onDownload={startDownload}
        onBacktest={(version) => setBacktesting({ open: true, version })}
        downloading={download.isPending ? (download.variables?.version.id ?? null) : null}
      />
      <InstallationsByVersionCard robotId={robotId} />
      <LicenseSettingsCard robotId={robotId} readOnly={!canManage} />
      <SeatPolicyCard robotId={robotId} readOnly={!canManage} />
      <PersonalBuildsCard robotId={robotId} versions={data.versions} canRevoke={canRevokeBuilds} />
      {canManage && (
        <Card>
          <CardHeader>
            <CardTitle>
              <h2 className="text-lg">Enviar nova versão</h2>
            </CardTitle>
            <CardDescription>O robô compilado (.ex5) ou um .zip. Cada número de versão é enviado uma vez; a primeira versão fica ativa.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <UncheckedUploadNotice />
            {/* Remounted when the list changes, so a sent form starts afresh with the next suggested number. */}
            <VersionUploadForm key={`${data.suggestedVersion}:${data.versions.length}`} robotId={robotId} suggestedVersion={data.suggestedVersion} />
          </CardContent>
        </Card>
      )}
      <ConfirmDialog
        open={activating !== null}
        onOpenChange={(open) => !open && setActivating(null)}
        title={`Ativar versão ${activating?.version ?? ''}`}
        description="Os clientes passarão a baixar esta versão. A versão ativa atual deixa de ser oferecida. Os compradores com licença ativa recebem o e-mail “Nova versão” (uma vez por versão), se ele estiver ligado."
        confirmLabel="Ativar"
        pending={activate.isPending}
        onConfirm={confirmActivation}
      />
      <ConfirmDialog
        open={withdrawing !== null}
        onOpenChange={(open) => !open && setWithdrawing(null)}
        title={`Retirar versão ${withdrawing?.version ?? ''}`}
        description={`Os robôs que estiverem rodando a versão ${withdrawing?.version ?? ''} param na próxima verificação da licença, com a mensagem para baixar a nova versão${data.activeVersion ? ` (${data.activeVersion})` : ''} no portal do cliente. Você pode restaurá-la depois.`}
        confirmLabel="Retirar versão"
        pending={withdraw.isPending}
        onConfirm={confirmWithdrawal}
      />
      <VersionEditDialog robotId={robotId} version={editing} onOpenChange={(open) => !open && setEditing(null)} />
      <VersionBacktestDialog
        robotId={robotId}
        version={backtesting.version}
        open={backtesting.open}
        canManage={canManage}
        onOpenChange={(open) => {
          setBacktesting((current) => ({ ...current, open }))
          if (!open) refreshVersions()
        }}
        onChanged={refreshVersions}
      />
    </>
  )
}
