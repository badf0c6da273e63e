import { describe, expect, it } from 'vitest'
import { niceCeiling, niceCountCeiling } from './chart-shell'

describe('chart scales', () => {
  it('rounds a maximum up to a readable top', () => {
    expect([0, 0.3, 7, 12, 230, 2_400].map(niceCeiling)).toEqual([1, 0.5, 10, 20, 250, 2_500])
  })

  it('tops a scale of counts so that its middle line is a whole number', () => {
    for (const value of [0, 1, 2, 3, 5, 7, 13, 21, 26, 49, 290, 4_350, 99_999]) {
      const top = niceCountCeiling(value)
      expect(top, `${value}`).toBeGreaterThanOrEqual(value)
      expect(Number.isInteger(top / 2), `${value} → ${top}`).toBe(true)
    }
    expect([0, 1, 3, 13, 290].map(niceCountCeiling)).toEqual([2, 2, 4, 20, 400])
  })
})
