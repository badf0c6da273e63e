import { TriangleAlertIcon } from 'lucide-react'
import { StatusBadge } from '@/components/data'
import { formatDateTime, formatRelative } from '@/lib/format'
import type { InstallationItem } from '../api/licenses'
import { isShared, SHARING_WARNING } from '../labels'

/**
 * The last check's code: plain for an accepted one (VALID), in a red badge for a refusal (ACCOUNT_MISMATCH,
 * LICENSE_EXPIRED, …). Where the installation stands now is its state (`InstallationState`).
 */
export function InstallationResult({ installation }: { installation: Pick<InstallationItem, 'lastValid' | 'lastCode'> }) {
  return installation.lastValid ? (
    <span className="font-mono text-xs text-muted-foreground">{installation.lastCode || 'VALID'}</span>
  ) : (
    <StatusBadge tone="destructive">{installation.lastCode || 'Recusada'}</StatusBadge>
  )
}

/** When an account was last seen: "há 2 horas" over the date and time. */
export function LastSeen({ value }: { value: string | null | undefined }) {
  if (!value) return <span className="text-muted-foreground">Nunca</span>
  return (
    <div>
      <div>{formatRelative(value)}</div>
      <div className="text-xs text-muted-foreground">{formatDateTime(value)}</div>
    </div>
  )
}

/** A license's count of accounts active in the last 30 days; amber with a warning when one of them holds no seat. */
export function ActiveInstallations({ license }: { license: { activeInstallations: number; unseatedInstallations: number } }) {
  const count = license.activeInstallations
  if (!isShared(license)) return <span>{count}</span>
  return (
    <span className="inline-flex items-center gap-1 font-medium text-amber-500" title={SHARING_WARNING}>
      <TriangleAlertIcon className="size-4" aria-hidden />
      {count}
      <span className="sr-only"> — {SHARING_WARNING}</span>
    </span>
  )
}
