import { z } from 'zod'
import { fieldSchema } from '@/lib/field-rules'

/** The server's rules for a password (routes/users.rs), with its messages. */
const password = z.string().min(6, 'Senha deve ter no mínimo 6 caracteres').max(256, 'Senha deve ter no máximo 256 caracteres')

/** A new admin: the server's rules and messages for POST /api/users. */
export const adminUserSchema = z.object({
  username: z.string().trim().min(3, 'Usuário deve ter no mínimo 3 caracteres').max(64, 'Usuário deve ter no máximo 64 caracteres'),
  name: z.string().trim().min(1, 'Nome é obrigatório').max(200, 'Nome deve ter no máximo 200 caracteres'),
  email: fieldSchema('email'),
  password,
})
export type AdminUserValues = z.infer<typeof adminUserSchema>
export const adminUserDefaults: AdminUserValues = { username: '', name: '', email: '', password: '' }

/** A new password, typed twice. */
export const newPasswordSchema = z
  .object({ password, confirmation: z.string() })
  .refine((values) => values.password === values.confirmation, { path: ['confirmation'], message: 'As senhas não conferem' })
export type NewPasswordValues = z.infer<typeof newPasswordSchema>
