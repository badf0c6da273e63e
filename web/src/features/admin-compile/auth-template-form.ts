import { z } from 'zod'
import type { AuthTemplate, AuthTemplateChanges } from './api/auth-template'
import { missingPlaceholders } from './template-placeholders'

/** Limits the server checks on PATCH /api/robot-auth-template (robot_auth_template.rs), with its messages. */
const NAME_MIN = 3
const NAME_MAX = 200
const VERSION_MAX = 32
const CODE_MIN = 10
const CODE_MAX = 200_000

/** "O template precisa conter {{A}}", or "… {{A}} e {{B}}" when several are missing. */
export function missingPlaceholdersMessage(missing: readonly string[]): string {
  const listed = missing.length > 1 ? `${missing.slice(0, -1).join(', ')} e ${missing.at(-1)}` : (missing[0] ?? '')
  return `O template precisa conter ${listed}`
}

export const authTemplateSchema = z.object({
  name: z.string().trim().min(NAME_MIN, 'Nome deve ter pelo menos 3 caracteres').max(NAME_MAX, 'Nome deve ter no máximo 200 caracteres'),
  version: z.string().trim().min(1, 'Versão é obrigatória').max(VERSION_MAX, 'Versão deve ter no máximo 32 caracteres'),
  templateCode: z
    .string()
    .min(CODE_MIN, 'Template deve ter pelo menos 10 caracteres')
    .max(CODE_MAX, 'Template deve ter no máximo 200000 caracteres')
    .superRefine((code, context) => {
      const missing = missingPlaceholders(code)
      if (missing.length > 0) context.addIssue({ code: 'custom', message: missingPlaceholdersMessage(missing) })
    }),
  /** Active: robots get this template. Inactive: they get the platform's shipped default until it is switched on again. */
  isActive: z.boolean(),
})

export type AuthTemplateValues = z.infer<typeof authTemplateSchema>

export function authTemplateValues(template: AuthTemplate): AuthTemplateValues {
  return { name: template.name, version: template.version, templateCode: template.templateCode, isActive: template.isActive }
}

/**
 * What a save sends: only the fields that differ from the stored template (the form's values are already
 * trimmed by the schema), so saving a new version number does not resend a long template.
 */
export function authTemplateChanges(saved: AuthTemplate, values: AuthTemplateValues): AuthTemplateChanges {
  const changes: AuthTemplateChanges = {}
  if (values.name !== saved.name) changes.name = values.name
  if (values.version !== saved.version) changes.version = values.version
  if (values.templateCode !== saved.templateCode) changes.templateCode = values.templateCode
  if (values.isActive !== saved.isActive) changes.isActive = values.isActive
  return changes
}
