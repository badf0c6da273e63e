import { z } from 'zod'
import { fieldRules, fieldSchema } from '@/lib/field-rules'
import { clientStatusLabels } from '@/lib/commerce-labels'
import type { ClientItem, ClientPayload, ClientStatus } from '../api/clients'

const clientStatuses = Object.keys(clientStatusLabels) as ClientStatus[]
const password = fieldRules.newPassword

/**
 * The client dialog's rules, with the server's messages. A new client needs a password of at least 6 characters;
 * on edit a blank one keeps the current password.
 */
export function clientFormSchema(mode: 'create' | 'edit') {
  return z.object({
    name: fieldSchema('personName'),
    email: fieldSchema('email'),
    phone: z.string().trim().max(40, 'Telefone deve ter no máximo 40 caracteres'),
    password:
      mode === 'create'
        ? fieldSchema('newPassword')
        : z
            .string()
            .max(password.maxLength, password.messages.tooLong)
            .refine((value) => value.trim() === '' || value.length >= password.minLength, password.messages.tooShort),
    status: z.enum(clientStatuses, { error: 'Campo obrigatório' }),
  })
}

export type ClientFormValues = z.infer<ReturnType<typeof clientFormSchema>>

export function clientFormDefaults(client: ClientItem | null): ClientFormValues {
  return {
    name: client?.name ?? '',
    email: client?.email ?? '',
    phone: client?.phone ?? '',
    password: '',
    status: client?.status ?? 'active',
  }
}

/**
 * The request body. The phone goes as typed, blank included: the server stores a blank phone as none, and on edit
 * only a phone that is sent (not null) replaces the stored one, so erasing it must send ''. The password is left out
 * when blank.
 */
export function clientPayload(values: ClientFormValues): ClientPayload {
  return {
    name: values.name,
    email: values.email,
    phone: values.phone,
    ...(values.password.trim() ? { password: values.password } : {}),
    status: values.status,
  }
}
