import { z } from 'zod'

const REQUIRED = 'Campo obrigatório'

/** An optional amount (NUMERIC(10,2)): empty, or a non-negative decimal with at most two places. */
export function moneySchema({ required = false }: { required?: boolean } = {}) {
  return z
    .string()
    .trim()
    .refine((value) => !required || value !== '', REQUIRED)
    .refine((value) => value === '' || /^\d+([.,]\d+)?$/.test(value), 'Valor inválido')
    .refine((value) => value === '' || !/[.,]\d{3,}$/.test(value), 'Use no máximo 2 casas decimais')
    .refine((value) => value === '' || Number(value.replace(',', '.')) < 100_000_000, 'Valor alto demais')
}

/** An optional exchange rate (NUMERIC(10,6)): empty, or a positive decimal below 10.000 with at most six places. */
export function rateSchema() {
  return z
    .string()
    .trim()
    .refine((value) => value === '' || (/^\d+([.,]\d{1,6})?$/.test(value) && Number(value.replace(',', '.')) > 0 && Number(value.replace(',', '.')) < 10_000), 'Taxa de câmbio inválida')
}

/** A select whose value must be one of `values`; an empty choice gives 'Campo obrigatório'. */
export function requiredChoice<const Value extends string>(values: readonly Value[]) {
  return z.enum(values as [Value, ...Value[]], { error: REQUIRED })
}


export { REQUIRED }
