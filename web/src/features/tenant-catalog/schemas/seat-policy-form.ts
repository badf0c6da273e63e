import { z } from 'zod'
import type { AccountRule } from '@/components/licensing/seats'
import type { RobotSeatPolicy, RobotSeatPolicyRequest } from '../api/seat-policy'

/** The server's bounds (shared::domain::seat_policy). */
export const MAX_LIVE_SEATS = 50
export const MAX_BROKERS = 20
const MAX_BROKER_CHARS = 64

const RULES = ['free', 'counted', 'refused'] as const satisfies readonly AccountRule[]
/** Contest accounts may also just follow the demo rule (null on the server). */
const CONTEST_CHOICES = ['follows_demo', ...RULES] as const

export const demoRuleChoices: { value: AccountRule; label: string }[] = [
  { value: 'free', label: 'Livres (não contam vaga)' },
  { value: 'counted', label: 'Contam como vaga' },
  { value: 'refused', label: 'Recusadas' },
]

export const contestRuleChoices: { value: (typeof CONTEST_CHOICES)[number]; label: string }[] = [
  { value: 'follows_demo', label: 'Como as demo' },
  { value: 'free', label: 'Livres' },
  { value: 'counted', label: 'Contam' },
  { value: 'refused', label: 'Recusadas' },
]

/** The broker list as typed: one pattern or company name per line, blank lines ignored. */
export function brokerLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
}

function brokerProblem(text: string): string | null {
  const lines = brokerLines(text)
  const bad = lines.find((line) => line.length > MAX_BROKER_CHARS || line.includes('|'))
  if (bad !== undefined) return `Corretora inválida: "${bad.slice(0, MAX_BROKER_CHARS)}". Use de 1 a 64 caracteres, sem "|".`
  const distinct = new Set(lines.map((line) => line.toLowerCase()))
  if (distinct.size > MAX_BROKERS) return `Informe no máximo ${MAX_BROKERS} corretoras.`
  return null
}

export const seatPolicySchema = z.object({
  liveSeats: z
    .string()
    .trim()
    .regex(/^\d{1,2}$/, 'Vagas para contas reais deve ficar entre 1 e 50.')
    .refine((text) => Number(text) >= 1 && Number(text) <= MAX_LIVE_SEATS, 'Vagas para contas reais deve ficar entre 1 e 50.'),
  demoAccounts: z.enum(RULES, { error: 'Escolha como tratar contas demo' }),
  contestAccounts: z.enum(CONTEST_CHOICES, { error: 'Escolha como tratar contas de torneio' }),
  allowedBrokers: z.string().superRefine((text, context) => {
    const problem = brokerProblem(text)
    if (problem) context.addIssue({ code: 'custom', message: problem })
  }),
  trialDemoOnly: z.boolean(),
})

export type SeatPolicyValues = z.infer<typeof seatPolicySchema>

export function seatPolicyValues(policy: RobotSeatPolicy): SeatPolicyValues {
  return {
    liveSeats: String(policy.liveSeats),
    demoAccounts: policy.demoAccounts,
    contestAccounts: policy.contestAccounts ?? 'follows_demo',
    allowedBrokers: policy.allowedBrokers.join('\n'),
    trialDemoOnly: policy.trialDemoOnly,
  }
}

/** What PUT sends: the whole policy ("Como as demo" is null). */
export function seatPolicyRequest(values: SeatPolicyValues): RobotSeatPolicyRequest {
  return {
    liveSeats: Number(values.liveSeats),
    demoAccounts: values.demoAccounts,
    contestAccounts: values.contestAccounts === 'follows_demo' ? null : values.contestAccounts,
    allowedBrokers: brokerLines(values.allowedBrokers),
    trialDemoOnly: values.trialDemoOnly,
  }
}
