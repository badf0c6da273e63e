import { z } from 'zod'
import type { RobotItem, RobotPayload } from '../api/robots'

/** The only platform there is; the dialog shows it fixed. */
export const ROBOT_PLATFORM = 'MT5'

/** The owner's robot dialog rules, with the server's messages. The logo is picked apart (a file, not a field). */
export const robotFormSchema = z.object({
  name: z.string().trim().min(1, 'Nome é obrigatório').max(200, 'Nome deve ter no máximo 200 caracteres'),
  description: z.string().trim().max(5000, 'Descrição deve ter no máximo 5000 caracteres'),
  active: z.boolean(),
  /** Days a trial license of this robot runs when no end date is chosen. */
  trialDays: z
    .string()
    .trim()
    .regex(/^\d+$/, 'O período de teste deve ficar entre 1 e 90 dias')
    .refine((value) => Number(value) >= 1 && Number(value) <= 90, 'O período de teste deve ficar entre 1 e 90 dias'),
})

export type RobotFormValues = z.infer<typeof robotFormSchema>

/** A trial's length when the owner never chose one (the server's default). */
export const DEFAULT_TRIAL_DAYS = 7

/** A new robot starts active, with 7-day trials. */
export function robotFormDefaults(robot: RobotItem | null): RobotFormValues {
  return {
    name: robot?.name ?? '',
    description: robot?.description ?? '',
    active: robot?.active ?? true,
    trialDays: String(robot?.trialDays ?? DEFAULT_TRIAL_DAYS),
  }
}

/**
 * The request body. The description goes as typed (on edit an emptied one is cleared); the logo URL only when
 * the owner removed the logo (blank clears it), since an upload sets it on its own.
 */
export function robotPayload(values: RobotFormValues, { removeLogo = false }: { removeLogo?: boolean } = {}): RobotPayload {
  return {
    name: values.name,
    description: values.description,
    platform: ROBOT_PLATFORM,
    active: values.active,
    trialDays: Number(values.trialDays),
    ...(removeLogo ? { logoUrl: '' } : {}),
  }
}
