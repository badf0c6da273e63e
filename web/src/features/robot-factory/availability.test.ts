import { describe, expect, it } from 'vitest'
import { factoryBlock, NOT_CONFIGURED_MESSAGE, QUOTA_REACHED_MESSAGE, quotaLine } from './availability'
import { factoryStatus } from './test-support'

describe('factory availability', () => {
  it('blocks generation without a model, then without quota, and not while the status is unknown', () => {
    expect(factoryBlock(undefined)).toBeNull()
    expect(factoryBlock(factoryStatus())).toBeNull()
    expect(factoryBlock(factoryStatus({ configured: false, remainingThisMonth: 0 }))).toMatchObject({ reason: 'not-configured', description: NOT_CONFIGURED_MESSAGE })
    expect(factoryBlock(factoryStatus({ usedThisMonth: 10, remainingThisMonth: 0 }))).toMatchObject({ reason: 'quota', title: QUOTA_REACHED_MESSAGE })
  })

  it('says how much of the quota is used', () => {
    expect(quotaLine(factoryStatus())).toBe('3 de 10 gerações usadas este mês')
  })
})
