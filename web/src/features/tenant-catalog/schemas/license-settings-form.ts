import { z } from 'zod'
import type { BindingPolicy, LatePayment, RobotLicenseSettings } from '../api/robot-license'

/** The longest offline grace the server takes: 30 days (2,592,000 seconds). */
export const MAX_GRACE_HOURS = 720
const SECONDS_PER_HOUR = 3600

const BINDING_POLICIES = ['portal', 'first_use'] as const satisfies readonly BindingPolicy[]

export const bindingPolicyChoices: { value: BindingPolicy; label: string }[] = [
  { value: 'portal', label: 'Confirmada pelo cliente no portal (recomendado)' },
  { value: 'first_use', label: 'Primeiro uso (a primeira conta que usar o robô fica vinculada)' },
]

const LATE_PAYMENTS = ['keep', 'suspend'] as const satisfies readonly LatePayment[]

export const latePaymentChoices: { value: LatePayment; label: string }[] = [
  { value: 'keep', label: 'Manter o robô funcionando até o fim do período pago' },
  { value: 'suspend', label: 'Suspender a licença até o pagamento ser confirmado' },
]

/** Hours as typed ("72", "1,5" or "1.5"), as a number. */
const hoursValue = (text: string) => Number(text.trim().replace(',', '.'))

/** The grace in hours (up to two decimals, 0 to 720) and the binding policy. */
export const licenseSettingsSchema = z.object({
  offlineGraceHours: z
    .string()
    .trim()
    .min(1, `Informe as horas (0 a ${MAX_GRACE_HOURS})`)
    .regex(/^\d+([.,]\d{1,2})?$/, `Informe um número de horas de 0 a ${MAX_GRACE_HOURS}`)
    .refine((text) => hoursValue(text) <= MAX_GRACE_HOURS, `No máximo ${MAX_GRACE_HOURS} horas (30 dias)`),
  bindingPolicy: z.enum(BINDING_POLICIES, { error: 'Escolha como a conta é vinculada' }),
  latePayment: z.enum(LATE_PAYMENTS, { error: 'Escolha o que acontece com pagamento atrasado' }),
})

export type LicenseSettingsValues = z.infer<typeof licenseSettingsSchema>

/** The server's field names that the form calls otherwise (it shows hours, the server keeps seconds). */
export const licenseServerFields = { offlineGraceSeconds: 'offlineGraceHours' }

/** The form filled from the server: seconds as hours (two decimals at most). */
export function licenseSettingsValues(
  settings: Pick<RobotLicenseSettings, 'offlineGraceSeconds' | 'bindingPolicy'> & Partial<Pick<RobotLicenseSettings, 'latePayment'>>,
): LicenseSettingsValues {
  return {
    offlineGraceHours: String(Math.round((settings.offlineGraceSeconds / SECONDS_PER_HOUR) * 100) / 100),
    bindingPolicy: settings.bindingPolicy,
    latePayment: settings.latePayment ?? 'keep',
  }
}

/** What PATCH sends: the grace in whole seconds, the binding policy and what a late charge does. */
export function licenseSettingsChanges(values: LicenseSettingsValues): {
  offlineGraceSeconds: number
  bindingPolicy: BindingPolicy
  latePayment: LatePayment
} {
  return {
    offlineGraceSeconds: Math.round(hoursValue(values.offlineGraceHours) * SECONDS_PER_HOUR),
    bindingPolicy: values.bindingPolicy,
    latePayment: values.latePayment,
  }
}
