import { useId, useState } from 'react'
import { ArrowLeftRightIcon, SparklesIcon } from 'lucide-react'
import { BacktestSummary } from '@/components/backtest/backtest-summary'
import { StatusBadge } from '@/components/data'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { InstallationState } from '@/components/licensing/installation-state'
import { formatDate } from '@/lib/format'
import type { ClientLicenseItem } from '../api/licenses'
import { licenseStatusLabels, licenseStatusTones, labelOf, NO_ACCOUNT, NO_EXPIRATION, NO_VERSION } from '../labels'
import { AccountConfirmationCallout } from './account-confirmation-callout'
import { Detail } from './card-list-states'
import { ChangeAccountDialog } from './change-account-dialog'
import { LicenseDownload } from './license-download'
import { LicenseSeats } from './license-seats'
import { RobotConnection } from './robot-connection'
import { RobotLogo } from './robot-logo'

/** Why the buttons are off, when they are. */
function unavailableReason(license: ClientLicenseItem): string | null {
  if (!license.usable) return 'Download e troca de conta estão disponíveis apenas para licenças ativas ou em teste.'
  if (!license.robotVersion) return 'Este robô ainda não tem uma versão disponível para download.'
  return null
}

/**
 * One license: the robot, its status and account, where its installation stands, whether its robot has connected
 * (live) with how to allow the license server in MetaTrader 5, what the current version brings,
 * the active version's backtest (numbers and a small curve) when there is one, Download (with the wait while the buyer's
 * personal copy is compiled) and Trocar Conta; first of all, when the
 * robot waits for it, the call to confirm the MT5 account.
 */
export function LicenseCard({
  license,
  webRequestUrl,
  purchaseEmail,
}: {
  license: ClientLicenseItem
  /** What MetaTrader must allow for the robot's license check (the page's, the same for every robot). */
  webRequestUrl: string
  /** The signed-in client's e-mail, which a robot that is not a personal build asks for. */
  purchaseEmail?: string | null
}) {
  const titleId = useId()
  const [changing, setChanging] = useState(false)
  const name = license.robotName ?? 'Robô'
  const reason = unavailableReason(license)
  const version = license.robotVersion ? `v${license.robotVersion}` : NO_VERSION
  return (
    <Card role="article" aria-labelledby={titleId} data-testid="license-card">
      <CardHeader className="flex flex-row items-start gap-4">
        <RobotLogo src={license.robotLogoUrl} name={name} />
        <div className="min-w-0 flex-1 space-y-1.5">
          <CardTitle id={titleId} role="heading" aria-level={2} className="text-lg">
            {name}
          </CardTitle>
          <div className="flex flex-wrap gap-1.5">
            <StatusBadge tone={licenseStatusTones[license.status]}>{labelOf(licenseStatusLabels, license.status)}</StatusBadge>
            {license.updateAvailable && (
              <Badge variant="default">
                <SparklesIcon aria-hidden />
                Nova versão disponível
              </Badge>
            )}
          </div>
          {license.robotDescription && <CardDescription className="line-clamp-3">{license.robotDescription}</CardDescription>}
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        {license.needsAccountConfirmation && license.usable && <AccountConfirmationCallout robotName={name} onConfirm={() => setChanging(true)} />}
        <dl className="grid grid-cols-2 gap-3">
          <Detail label="Plataforma">{license.robotPlatform ?? '—'}</Detail>
          <Detail label="Versão">{version}</Detail>
          <Detail label="Conta MT">{license.accountNumber || NO_ACCOUNT}</Detail>
          <Detail label="Expiração">{license.expirationDate ? formatDate(license.expirationDate) : NO_EXPIRATION}</Detail>
          {license.installationState && (
            <div className="col-span-2 min-w-0">
              <dt className="text-xs text-muted-foreground">Situação no MT5</dt>
              <dd className="mt-0.5">
                <InstallationState state={license.installationState} since={license.installationStateSince} />
              </dd>
            </div>
          )}
        </dl>
        <LicenseSeats license={license} />
        <RobotConnection license={license} robotName={name} webRequestUrl={webRequestUrl} purchaseEmail={purchaseEmail} />
        {license.robotVersion && license.changelog?.trim() && (
          <section aria-label={`Novidades da versão ${version}`} className="rounded-md border bg-muted/40 p-3 text-sm">
            <p className="mb-1 font-medium">
              Novidades da {version}
              {license.versionUploadedAt && <span className="font-normal text-muted-foreground"> · {formatDate(license.versionUploadedAt)}</span>}
            </p>
            <p className="whitespace-pre-line text-muted-foreground">{license.changelog.trim()}</p>
          </section>
        )}
        {license.backtest && <BacktestSummary backtest={license.backtest} />}
        <LicenseDownload license={license} disabled={reason !== null}>
          <Button variant="outline" onClick={() => setChanging(true)} disabled={!license.usable}>
            <ArrowLeftRightIcon aria-hidden />
            Trocar Conta
          </Button>
        </LicenseDownload>
        {reason && <p className="text-xs text-muted-foreground">{reason}</p>}
      </CardContent>
      <ChangeAccountDialog license={license} open={changing} onOpenChange={setChanging} />
    </Card>
  )
}
