import { Badge } from '@/components/ui/badge'
import { formatDateTime } from '@/lib/format'

/** Where an installation stands now, as the server computes it for owners and clients alike. */
export type InstallationStateValue = 'valid' | 'in_grace' | 'lapsed' | 'denied'

interface StateLook {
  label: string
  variant: 'success' | 'warning' | 'secondary' | 'destructive'
  /** What the state means, shown on hover (the badge's title). */
  hint: string
}

export const installationStates: Record<InstallationStateValue, StateLook> = {
  valid: { label: 'Válida', variant: 'success', hint: 'O robô verificou a licença e está operando normalmente' },
  in_grace: {
    label: 'Em tolerância',
    variant: 'warning',
    hint: 'O robô não consegue falar com o servidor e está operando no período de tolerância',
  },
  lapsed: { label: 'Encerrada', variant: 'secondary', hint: 'O período de tolerância acabou sem contato com o servidor: o robô parou de operar' },
  denied: { label: 'Negada', variant: 'destructive', hint: 'O servidor recusou a licença: o robô parou de operar' },
}

function lookOf(state: string): StateLook {
  return installationStates[state as InstallationStateValue] ?? { label: state, variant: 'secondary', hint: state }
}

/**
 * An installation's state (Válida, Em tolerância, Encerrada, Negada) followed by "desde dd/MM/yyyy HH:mm".
 * Nothing when the state is unknown yet (the robot never checked in).
 */
export function InstallationState({ state, since }: { state: string | null | undefined; since?: string | null }) {
  if (!state) return null
  const look = lookOf(state)
  const when = since ? formatDateTime(since) : null
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5 gap-y-0.5" data-testid="installation-state">
      <Badge variant={look.variant} title={look.hint}>
        {look.label}
      </Badge>
      {when && when !== '—' && <span className="text-xs whitespace-nowrap text-muted-foreground">{`desde ${when}`}</span>}
    </span>
  )
}
