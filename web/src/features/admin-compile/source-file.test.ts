import { describe, expect, it } from 'vitest'
import { mq5Blob, mq5FileName } from './source-file'

describe('mq5FileName', () => {
  it("names the file after the robot, accents and spaces kept", () => {
    expect(mq5FileName('Robô Tendência 2')).toBe('Robô Tendência 2.mq5')
  })

  it('replaces characters a file name cannot hold', () => {
    expect(mq5FileName('EUR/USD: "scalper" <v2>?')).toBe('EUR_USD_ _scalper_ _v2__.mq5')
    expect(mq5FileName('a\\b|c*d\u0007e')).toBe('a_b_c_d_e.mq5')
  })

  it('does not double the extension, and drops trailing dots and spaces', () => {
    expect(mq5FileName('Scalper.MQ5')).toBe('Scalper.mq5')
    expect(mq5FileName('Scalper... ')).toBe('Scalper.mq5')
  })

  it('falls back to a name when nothing is left', () => {
    expect(mq5FileName('   ')).toBe('robo.mq5')
    expect(mq5FileName('...')).toBe('robo.mq5')
  })
})

describe('mq5Blob', () => {
  it('holds the source as UTF-8 text', async () => {
    const blob = mq5Blob('// código\n')
    expect(blob.type).toBe('text/plain;charset=utf-8')
    expect(await blob.text()).toBe('// código\n')
  })
})
