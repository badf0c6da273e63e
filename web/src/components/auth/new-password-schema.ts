import { z } from 'zod'
import { fieldRules } from '@/lib/field-rules'

const TOO_SHORT = 'A senha deve ter pelo menos 6 caracteres'

/** The server's rule for a new password (6 to 256 characters, taken as typed), typed twice to be sure of it. */
export const newPasswordSchema = z
  .object({
    newPassword: z.string().min(6, TOO_SHORT).max(fieldRules.newPassword.maxLength, fieldRules.newPassword.messages.tooLong),
    confirmPassword: z.string(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, { path: ['confirmPassword'], message: 'As senhas não coincidem' })
