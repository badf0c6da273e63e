import { z } from 'zod'
import { fieldSchema } from '@/lib/field-rules'
import { ownerRoles, ownerRoleLabels } from './permissions'

/** The invitation's rules, with the server's messages (a name of at most 100 characters, an e-mail, a role). */
export const inviteFormSchema = z.object({
  name: fieldSchema('personName').max(100, 'Nome deve ter no máximo 100 caracteres'),
  email: fieldSchema('email'),
  // '' until a role is picked: the select starts empty, so nobody is made an admin by accident.
  role: z.union([z.enum(ownerRoles), z.literal('')]).refine((role) => role !== '', 'Escolha um perfil'),
})

export type InviteFormValues = z.input<typeof inviteFormSchema>

export const inviteFormDefaults: InviteFormValues = { name: '', email: '', role: '' }

export const roleChoices = ownerRoles.map((role) => ({ value: role, label: ownerRoleLabels[role] }))
