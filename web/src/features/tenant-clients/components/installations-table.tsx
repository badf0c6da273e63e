import { TriangleAlertIcon } from 'lucide-react'
import { InstallationState } from '@/components/licensing/installation-state'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { cn } from '@/lib/class-names'
import type { InstallationItem } from '../api/licenses'
import { MISSING_ROBOT, SHARING_WARNING } from '../labels'
import { InstallationResult, LastSeen } from './installation-cells'

const countFormatter = new Intl.NumberFormat('pt-BR')

/**
 * The MetaTrader accounts seen running licenses. Active accounts of a license in `sharedLicenseIds` (more than one
 * active account) are highlighted: the license is probably being passed around.
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
    <div className="rounded-md border">
      <Table aria-label={label}>
        <TableHeader>
          <TableRow>
            {showRobot && <TableHead>Robô</TableHead>}
            <TableHead>Conta MT</TableHead>
            <TableHead>Estado</TableHead>
            <TableHead>Último acesso</TableHead>
            <TableHead>Último resultado</TableHead>
            <TableHead className="text-right">Verificações</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {installations.length === 0 ? (
            <TableRow>
              <TableCell colSpan={showRobot ? 6 : 5} className="py-8 text-center text-muted-foreground whitespace-normal">
                Nenhuma instalação registrada
              </TableCell>
            </TableRow>
          ) : (
            installations.map((installation) => {
              const shared = installation.active && sharedLicenseIds.has(installation.licenseId)
              return (
                <TableRow
                  key={`${installation.licenseId}-${installation.accountNumber}`}
                  data-shared={shared || undefined}
                  className={cn(shared && 'bg-amber-500/10 hover:bg-amber-500/15', !installation.active && 'text-muted-foreground')}
                >
                  {showRobot && <TableCell className="font-medium">{installation.robotName ?? MISSING_ROBOT}</TableCell>}
                  <TableCell className="font-mono">
                    <span className="inline-flex items-center gap-1">
                      {shared && <TriangleAlertIcon className="size-4 text-amber-500" role="img" aria-label={SHARING_WARNING} />}
                      {installation.accountNumber}
                    </span>
                  </TableCell>
                  <TableCell>
                    <InstallationState state={installation.state} since={installation.stateSince} />
                  </TableCell>
                  <TableCell>
                    <LastSeen value={installation.lastSeen} />
                  </TableCell>
                  <TableCell>
                    <InstallationResult installation={installation} />
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{countFormatter.format(installation.checks)}</TableCell>
                </TableRow>
              )
            })
          )}
        </TableBody>
      </Table>
    </div>
  )
}

/** The licenses that more than one account ran in the last 30 days, counted from the installations themselves. */
export function sharedLicenses(installations: InstallationItem[]): Set<string> {
  const active = new Map<string, number>()
  for (const installation of installations) {
    if (installation.active) active.set(installation.licenseId, (active.get(installation.licenseId) ?? 0) + 1)
  }
  return new Set([...active].filter(([, count]) => count > 1).map(([licenseId]) => licenseId))
}
