import { describe, expect, it } from 'vitest'
import { formatCount, formatQuotaUse, formatTokens, formatUSD, quotaExhausted } from './usage-format'
import { quotaFormSchema, quotaOf } from './quota-form'

// Intl separates "US$" from the amount with a no-break space.
const nbsp = (text: string) => text.replace(/ /g, '\u00a0')

describe('usage formatting', () => {
  it('writes counts and tokens the pt-BR way', () => {
    expect(formatCount(1234567)).toBe('1.234.567')
    expect(formatTokens(1234567, 98765)).toBe('1.234.567 / 98.765')
    expect(formatQuotaUse(12, 10000)).toBe('12 / 10.000')
  })

  it('writes costs in US dollars with pt-BR separators, keeping fractions of a cent', () => {
    expect(formatUSD('1234.56')).toBe(nbsp('US$ 1.234,56'))
    expect(formatUSD('12.5')).toBe(nbsp('US$ 12,50'))
    expect(formatUSD('0.0042')).toBe(nbsp('US$ 0,0042'))
    expect(formatUSD('0')).toBe(nbsp('US$ 0,00'))
    expect(formatUSD(null)).toBe('—')
    expect(formatUSD('abc')).toBe('—')
  })

  it('says when the quota is used up', () => {
    expect(quotaExhausted(5, 5)).toBe(true)
    expect(quotaExhausted(0, 0)).toBe(true)
    expect(quotaExhausted(4, 5)).toBe(false)
  })
})

describe('quotaFormSchema', () => {
  const check = (monthlyQuota: string) => quotaFormSchema.safeParse({ monthlyQuota })

  it('takes a whole number from 0 to 10000', () => {
    expect(quotaOf(quotaFormSchema.parse({ monthlyQuota: '0' }))).toBe(0)
    expect(quotaOf(quotaFormSchema.parse({ monthlyQuota: ' 10000 ' }))).toBe(10000)
  })

  it("refuses anything else with the server's message", () => {
    for (const value of ['', '-1', '10001', '2.5', 'abc']) {
      const result = check(value)
      expect(result.success, value).toBe(false)
      expect(result.error?.issues[0]?.message).toBe('Informe uma cota entre 0 e 10000')
    }
  })
})
