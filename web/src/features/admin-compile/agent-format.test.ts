import { describe, expect, it } from 'vitest'
import { agentConfigLines, formatHeartbeat, heartbeatAge, shortId } from './agent-format'

const at = (iso: string) => new Date(iso).getTime()

describe('heartbeatAge', () => {
  const beat = '2025-03-12T18:45:07Z'

  it('says how long ago, in the largest whole unit', () => {
    expect(heartbeatAge(beat, at('2025-03-12T18:45:12Z'))).toBe('há 5 s')
    expect(heartbeatAge(beat, at('2025-03-12T18:46:06Z'))).toBe('há 59 s')
    expect(heartbeatAge(beat, at('2025-03-12T18:48:07Z'))).toBe('há 3 min')
    expect(heartbeatAge(beat, at('2025-03-12T20:50:00Z'))).toBe('há 2 h')
    expect(heartbeatAge(beat, at('2025-03-13T19:00:00Z'))).toBe('há 1 dia')
    expect(heartbeatAge(beat, at('2025-03-16T18:45:07Z'))).toBe('há 4 dias')
  })

  it("reads a heartbeat from a clock slightly ahead as 'agora'", () => {
    expect(heartbeatAge(beat, at('2025-03-12T18:45:07.500Z'))).toBe('agora')
    expect(heartbeatAge(beat, at('2025-03-12T18:45:04Z'))).toBe('agora')
  })

  it('is null without a heartbeat', () => {
    expect(heartbeatAge(null, Date.now())).toBeNull()
    expect(heartbeatAge('não é data', Date.now())).toBeNull()
  })
})

describe('formatHeartbeat', () => {
  it('shows the date to the second', () => {
    expect(formatHeartbeat('2025-03-12T18:45:07Z')).toMatch(/^12\/03\/2025 \d\d:45:07$/)
  })

  it('shows a dash without a heartbeat', () => {
    expect(formatHeartbeat(null)).toBe('—')
  })
})

describe('agent helpers', () => {
  it('shortens a job id to its first 8 characters', () => {
    expect(shortId('9f1e2d3c-0000-7000-8000-0000000000c9')).toBe('9f1e2d3c')
  })

  it('writes the two configuration lines an operator pastes into agent.env', () => {
    expect(agentConfigLines('https://roboforge.example.com', 'rfa_1')).toBe('AGENT_API_URL=https://roboforge.example.com\nAGENT_TOKEN=rfa_1')
  })
})
