import { z } from 'zod'
import { ACCOUNT_REQUIRED } from './account-number'

/** "Não sei": the robot's first check tells the server the account's mode (counted as a real account until then). */
export const UNKNOWN_MODE = 'unknown'

export const tradeModeChoices = [
  { value: UNKNOWN_MODE, label: 'Não sei' },
  { value: 'real', label: 'Real' },
  { value: 'demo', label: 'Demo' },
  { value: 'contest', label: 'Torneio' },
] as const

/** An account as MetaTrader shows it: the login (digits, no leading zero) and its trade server (File → Login). */
export const newSeatSchema = z.object({
  login: z
    .string()
    .trim()
    .min(1, ACCOUNT_REQUIRED)
    .regex(/^[1-9]\d{0,19}$/, 'A conta deve ter só números, sem zeros à esquerda (até 20 dígitos).'),
  server: z
    .string()
    .trim()
    .min(1, 'Servidor é obrigatório')
    .max(64, 'O servidor deve ter até 64 caracteres, sem "|" nem caracteres de controle.')
    .refine((text) => !text.includes('|'), 'O servidor deve ter até 64 caracteres, sem "|" nem caracteres de controle.'),
  tradeMode: z.enum(['unknown', 'real', 'demo', 'contest']),
})

export type NewSeatValues = z.infer<typeof newSeatSchema>
