import { z } from 'zod'
import { fieldSchema } from '@/lib/field-rules'
import type { ClientItem, ClientRequest, ClientStatus } from '../api/clients'
import { clientStatusLabels } from '@/lib/commerce-labels'
import { orNull } from '@/lib/form-values'

const clientStatuses = Object.keys(clientStatusLabels) as ClientStatus[]

/**
 * The client dialog's rules, with the server's messages. The password is required to create a client;
 * on edit a blank one keeps the current password.
 */
export function clientFormSchema(mode: 'create' | 'edit') {
  return z.object({
    tenantId: z.string().min(1, 'Selecione um tenant'),
    name: fieldSchema('personName'),
    email: fieldSchema('email'),
    phone: z.string().trim().max(40, 'Telefone deve ter no máximo 40 caracteres'),
    password: z
      .string()
      .max(256, 'Senha deve ter no máximo 256 caracteres')
      .refine((value) => mode === 'edit' || value.trim() !== '', 'Senha é obrigatória')
      .refine((value) => value.trim() === '' || value.length >= 6, 'Senha deve ter no mínimo 6 caracteres'),
    status: z.enum(clientStatuses, { error: 'Campo obrigatório' }),
  })
}

export type ClientFormValues = z.infer<ReturnType<typeof clientFormSchema>>

export function clientFormDefaults(client: ClientItem | null): ClientFormValues {
  return {
    tenantId: client?.tenantId ?? '',
    name: client?.name ?? '',
    email: client?.email ?? '',
    phone: client?.phone ?? '',
    password: '',
    status: client?.status ?? 'active',
  }
}

/** What the client dialog sends: the request without `password` when none was typed (an edit then keeps it). */
export type ClientPayload = Omit<ClientRequest, 'password'> & { password?: string }

export function clientPayload(values: ClientFormValues): ClientPayload {
  return {
    tenantId: values.tenantId,
    name: values.name,
    email: values.email,
    phone: orNull(values.phone),
    ...(values.password.trim() ? { password: values.password } : {}),
    status: values.status,
  }
}
