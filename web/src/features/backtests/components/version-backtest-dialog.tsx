import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { BacktestPanel } from './backtest-panel'

/** What the dialog needs of a robot version. */
export interface BacktestedVersion {
  id: string
  version: string
  originalFileName: string
  active: boolean
}

/**
 * A robot version's backtests in a dialog (a row's "Backtest" button): the panel with "Executar backtest", the runs
 * and, on completed ones, the sales-page switch. The version stays set while the dialog closes, so its text does not
 * change mid-animation.
 */
export function VersionBacktestDialog({
  robotId,
  version,
  open,
  canManage,
  onOpenChange,
  onChanged,
}: {
  robotId: string
  version: BacktestedVersion | null
  open: boolean
  canManage: boolean
  onOpenChange: (open: boolean) => void
  onChanged?: () => void
}) {
  return (
    <Dialog open={open && version !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Backtest da versão {version?.version}</DialogTitle>
          <DialogDescription>
            {version?.originalFileName} no Strategy Tester do MetaTrader 5.
            {version && !version.active && ' A página de vendas só mostra testes da versão ativa.'}
          </DialogDescription>
        </DialogHeader>
        {version && (
          <BacktestPanel
            source={{ kind: 'robot-version', robotId, versionId: version.id }}
            versionLabel={version.version}
            canStart={canManage}
            canManage={canManage}
            salesPageSwitch
            onChanged={onChanged}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}
