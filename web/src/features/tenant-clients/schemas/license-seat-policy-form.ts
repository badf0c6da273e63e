import { z } from 'zod'
import { accountRuleLabels, type AccountRule } from '@/components/licensing/seats'
import type { LicenseSeatPolicyRequest, LicenseSeats } from '../api/license-seats'

/** The server's bound (shared::domain::seat_policy::LIVE_SEATS). */
export const MAX_LICENSE_SEATS = 50
/** "Como o robô": no override, the robot's rule applies. */
export const FOLLOW_ROBOT = 'robot'

const RULES = ['free', 'counted', 'refused'] as const satisfies readonly AccountRule[]

export const licenseSeatPolicySchema = z.object({
  /** Empty: the robot's seats. */
  liveSeatsOverride: z
    .string()
    .trim()
    .refine((text) => text === '' || (/^\d{1,2}$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_LICENSE_SEATS), {
      message: 'Vagas para contas reais deve ficar entre 1 e 50.',
    }),
  demoAccountsOverride: z.enum([FOLLOW_ROBOT, ...RULES], { error: 'Escolha como tratar contas demo' }),
})

export type LicenseSeatPolicyValues = z.infer<typeof licenseSeatPolicySchema>

/** The demo choices, the first naming what the robot does ("Como o robô (Livres (não contam vaga))"). */
export function licenseDemoChoices(robotRule: AccountRule): { value: string; label: string }[] {
  return [
    { value: FOLLOW_ROBOT, label: `Como o robô (${accountRuleLabels[robotRule]})` },
    ...RULES.map((rule) => ({ value: rule, label: accountRuleLabels[rule] })),
  ]
}

export function licenseSeatPolicyValues(seats: LicenseSeats): LicenseSeatPolicyValues {
  return {
    liveSeatsOverride: seats.liveSeatsOverride == null ? '' : String(seats.liveSeatsOverride),
    demoAccountsOverride: seats.demoAccountsOverride ?? FOLLOW_ROBOT,
  }
}

export function licenseSeatPolicyRequest(values: LicenseSeatPolicyValues): LicenseSeatPolicyRequest {
  return {
    liveSeatsOverride: values.liveSeatsOverride === '' ? null : Number(values.liveSeatsOverride),
    demoAccountsOverride: values.demoAccountsOverride === FOLLOW_ROBOT ? null : values.demoAccountsOverride,
  }
}
