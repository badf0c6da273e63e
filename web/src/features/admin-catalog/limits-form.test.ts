import { describe, expect, it } from 'vitest'
import { limitsFormSchema, limitsFormValues, limitsPayload, STORAGE_QUOTA_MESSAGE } from './limits-form'

const limits = {
  dllImportsAllowed: false,
  storageQuotaMb: null,
  defaultStorageQuotaMb: 500,
  storageQuotaBytes: 500 * 1024 * 1024,
  storageUsedBytes: 0,
  storageFiles: 0,
}

describe('tenant limits form', () => {
  it('shows the platform default as a blank quota', () => {
    expect(limitsFormValues(limits)).toEqual({ dllImportsAllowed: false, storageQuotaMb: '' })
    expect(limitsFormValues({ ...limits, dllImportsAllowed: true, storageQuotaMb: 2048 })).toEqual({ dllImportsAllowed: true, storageQuotaMb: '2048' })
  })

  it('takes a blank quota or a whole number of MB from 1 to 1048576', () => {
    const quota = (storageQuotaMb: string) => limitsFormSchema.safeParse({ dllImportsAllowed: false, storageQuotaMb })
    expect(quota('').success).toBe(true)
    expect(quota(' 1 ').success).toBe(true)
    expect(quota('1048576').success).toBe(true)
    for (const wrong of ['0', '1048577', '1.5', '-3', 'dez']) {
      expect(quota(wrong).error?.issues[0]?.message).toBe(STORAGE_QUOTA_MESSAGE)
    }
  })

  it('sends a blank quota as null', () => {
    expect(limitsPayload({ dllImportsAllowed: true, storageQuotaMb: '' })).toEqual({ dllImportsAllowed: true, storageQuotaMb: null })
    expect(limitsPayload({ dllImportsAllowed: false, storageQuotaMb: '750' })).toEqual({ dllImportsAllowed: false, storageQuotaMb: 750 })
  })
})
