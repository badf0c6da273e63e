import { z } from 'zod'
import type { RobotItem, RobotRequest } from './api/robots'

/** The only platform there is. */
export const ROBOT_PLATFORMS = ['MT5'] as const
export const DEFAULT_ROBOT_VERSION = '1.0.0'

/** The admin's robot dialog rules, with the server's messages. */
export const robotFormSchema = z.object({
  tenantId: z.string().min(1, 'Selecione um tenant'),
  name: z.string().trim().min(1, 'Nome é obrigatório').max(200, 'Nome deve ter no máximo 200 caracteres'),
  logoUrl: z
    .string()
    .trim()
    .max(2000, 'URL do logo longa demais')
    .refine((value) => value === '' || /^(https?:\/\/|\/)/.test(value), 'URL do logo inválida'),
  description: z.string().trim().max(5000, 'Descrição deve ter no máximo 5000 caracteres'),
  platform: z.enum(ROBOT_PLATFORMS, { error: 'Plataforma inválida (apenas MT5)' }),
  filePath: z.string().trim().max(500, 'Caminho longo demais'),
  version: z.string().trim().min(1, 'Versão é obrigatória').max(40, 'Versão deve ter no máximo 40 caracteres'),
  active: z.enum(['true', 'false']),
})

export type RobotFormValues = z.infer<typeof robotFormSchema>

export function robotFormDefaults(robot: RobotItem | null): RobotFormValues {
  return {
    tenantId: robot?.tenantId ?? '',
    name: robot?.name ?? '',
    logoUrl: robot?.logoUrl ?? '',
    description: robot?.description ?? '',
    platform: 'MT5',
    filePath: robot?.filePath ?? '',
    version: robot?.version ?? DEFAULT_ROBOT_VERSION,
    active: robot && !robot.active ? 'false' : 'true',
  }
}

/** The request body. Optional texts go as typed: on edit an emptied field is cleared. */
export function robotPayload(values: RobotFormValues): RobotRequest {
  return {
    tenantId: values.tenantId,
    name: values.name,
    logoUrl: values.logoUrl,
    description: values.description,
    platform: values.platform,
    filePath: values.filePath,
    version: values.version,
    active: values.active === 'true',
  }
}
