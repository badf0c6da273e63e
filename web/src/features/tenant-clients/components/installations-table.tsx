import { TriangleAlertIcon } from 'lucide-react'
import { InstallationState } from '@/components/licensing/installation-state'
import { ResponsiveTable, type DataColumn } from '@/components/data'
import { cn } from '@/lib/class-names'
import type { InstallationItem } from '../api/licenses'
import { MISSING_ROBOT, SHARING_WARNING } from '../labels'
import { InstallationResult, LastSeen } from './installation-cells'

const countFormatter = new Intl.NumberFormat('pt-BR')

/** An installation's columns; on a phone, a card headed by the account (and robot), with its state beside it. */
function installationColumns(sharedLicenseIds: ReadonlySet<string>, showRobot: boolean): DataColumn<InstallationItem>[] {
  const robot: DataColumn<InstallationItem> = {
    label: 'Robô',
    className: 'font-medium',
    cell: (installation) => installation.robotName ?? MISSING_ROBOT,
  }
  return [
    ...(showRobot ? [robot] : []),
    {
      label: 'Conta MT',
      card: 'title',
      cell: (installation) => (
        <span className="inline-flex items-center gap-1 font-mono">
          {isShared(installation, sharedLicenseIds) && <TriangleAlertIcon className="size-4 text-amber-500" role="img" aria-label={SHARING_WARNING} />}
          {installation.accountNumber}
        </span>
      ),
    },
    { label: 'Servidor', cell: (installation) => <AccountServer installation={installation} /> },
    { label: 'Versão', cell: (installation) => installation.robotVersion ?? '—' },
    { label: 'Estado', card: 'status', cell: (installation) => <InstallationState state={installation.state} since={installation.stateSince} /> },
    { label: 'Último acesso', cell: (installation) => <LastSeen value={installation.lastSeen} /> },
    { label: 'Último resultado', cell: (installation) => <InstallationResult installation={installation} /> },
    { label: 'Verificações', className: 'text-right tabular-nums', cell: (installation) => countFormatter.format(installation.checks) },
  ]
}

const TRADE_MODES: Record<string, string> = { real: 'Real', demo: 'Demo', contest: 'Torneio' }

/** Where the account is: its broker's trade server and kind; robots before protocol v3 cannot say. */
function AccountServer({ installation }: { installation: Pick<InstallationItem, 'accountServer' | 'tradeMode' | 'company'> }) {
  if (!installation.accountServer) return <span className="text-muted-foreground">não informado</span>
  const mode = installation.tradeMode ? TRADE_MODES[installation.tradeMode] : undefined
  return (
    <span title={installation.company ?? undefined}>
      <span className="font-mono">{installation.accountServer}</span>
      {mode && <span className="text-muted-foreground"> · {mode}</span>}
    </span>
  )
}

function isShared(installation: InstallationItem, sharedLicenseIds: ReadonlySet<string>): boolean {
  return installation.active && sharedLicenseIds.has(installation.licenseId)
}

/**
 * The MetaTrader accounts seen running licenses. Active accounts of a license in `sharedLicenseIds` (one of its active
 * accounts holds no seat) are highlighted: the license is probably being passed around.
 */
export function InstallationsTable({
  installations,
  sharedLicenseIds,
  showRobot = true,
  label = 'Instalações',
}: {
  installations: InstallationItem[]
  sharedLicenseIds: ReadonlySet<string>
  showRobot?: boolean
  label?: string
}) {
  return (
    <ResponsiveTable
      label={label}
      columns={installationColumns(sharedLicenseIds, showRobot)}
      items={installations}
      rowKey={(installation) => `${installation.licenseId}-${installation.accountNumber}-${installation.accountServer ?? ''}`}
      rowProps={(installation) => {
        const shared = isShared(installation, sharedLicenseIds)
        return {
          'data-shared': shared || undefined,
          className: cn(shared && 'bg-amber-500/10 hover:bg-amber-500/15', !installation.active && 'text-muted-foreground'),
        }
      }}
      placeholder="Nenhuma instalação registrada"
    />
  )
}
