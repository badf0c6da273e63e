/**
 * How the AI usage screen writes numbers: counts and tokens in pt-BR ("1.234.567"), costs in US dollars
 * (the providers bill in USD) with pt-BR separators ("US$ 1.234,56"), always in that one format.
 */

const countFormatter = new Intl.NumberFormat('pt-BR')
// Up to four decimals: a month of a small local model can cost a fraction of a cent, which two would show as 0,00.
const usdFormatter = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 4 })

const EMPTY = '—'

export function formatCount(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? EMPTY : countFormatter.format(value)
}

/** A decimal string (or number) of US dollars, as the API sends costs. */
export function formatUSD(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return EMPTY
  const amount = typeof value === 'number' ? value : Number(value)
  return Number.isFinite(amount) ? usdFormatter.format(amount) : EMPTY
}

/** "12 / 50": generations started this month out of the tenant's monthly quota. */
export function formatQuotaUse(used: number, quota: number): string {
  return `${formatCount(used)} / ${formatCount(quota)}`
}

/** True when the tenant cannot start another generation this month. */
export function quotaExhausted(used: number, quota: number): boolean {
  return used >= quota
}

/** "entrada / saída" tokens: what was sent to the model and what it wrote. */
export function formatTokens(prompt: number, completion: number): string {
  return `${formatCount(prompt)} / ${formatCount(completion)}`
}

/** What the AI screens say when the server has no model to call. */
export const NO_MODEL_MESSAGE = 'Nenhum modelo de IA configurado: defina AI_BASE_URL, AI_MODEL (e AI_API_KEY) no servidor.'
