import { describe, expect, it } from 'vitest'
import { formatFileCount, formatMegabytes, formatStorageAmounts, nearStorageLimit, storagePercent } from './storage-usage'

const MB = 1024 * 1024

describe('formatMegabytes', () => {
  it('writes binary megabytes with a pt-BR decimal comma, one decimal at most', () => {
    expect(formatMegabytes(12.5 * MB)).toBe('12,5 MB')
    expect(formatMegabytes(500 * MB)).toBe('500 MB')
    expect(formatMegabytes(1024 * MB)).toBe('1.024 MB')
    expect(formatMegabytes(1.04 * MB)).toBe('1 MB')
  })

  it('never shows a tenant with files as empty', () => {
    expect(formatMegabytes(0)).toBe('0 MB')
    expect(formatMegabytes(2048)).toBe('< 0,1 MB')
    expect(formatMegabytes(0.06 * MB)).toBe('0,1 MB')
  })
})

describe('storage texts', () => {
  it('counts files in the singular and the plural', () => {
    expect(formatFileCount(0)).toBe('0 arquivos')
    expect(formatFileCount(1)).toBe('1 arquivo')
    expect(formatFileCount(1250)).toBe('1.250 arquivos')
  })

  it('puts the use before the quota', () => {
    expect(formatStorageAmounts(12.5 * MB, 500 * MB)).toBe('12,5 MB de 500 MB')
  })
})

describe('storagePercent', () => {
  it('is the share of the quota in use, 0 to 100', () => {
    expect(storagePercent(25 * MB, 100 * MB)).toBe(25)
    expect(storagePercent(0, 100 * MB)).toBe(0)
    expect(storagePercent(150 * MB, 100 * MB)).toBe(100)
  })

  it('reads a zero quota as full once anything is stored', () => {
    expect(storagePercent(0, 0)).toBe(0)
    expect(storagePercent(1, 0)).toBe(100)
  })
})

describe('nearStorageLimit', () => {
  it('warns above 90 %, not at it', () => {
    expect(nearStorageLimit(90 * MB, 100 * MB)).toBe(false)
    expect(nearStorageLimit(90.5 * MB, 100 * MB)).toBe(true)
    expect(nearStorageLimit(120 * MB, 100 * MB)).toBe(true)
  })
})
