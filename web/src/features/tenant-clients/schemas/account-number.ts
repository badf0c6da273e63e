import { z } from 'zod'

/** A MetaTrader account number as the server accepts it: digits only, at most 20 (blank allowed; callers require it). */
export const accountNumberSchema = z
  .string()
  .trim()
  .max(20, 'Conta MT deve ter no máximo 20 dígitos')
  .regex(/^\d*$/, 'Conta MT deve conter apenas números')

export const ACCOUNT_REQUIRED = 'Número da conta obrigatório'
