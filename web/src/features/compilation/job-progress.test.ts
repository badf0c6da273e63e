import { describe, expect, it } from 'vitest'
import { importPhase, isFinishedStatus, isRunningPhase, PHASE_PROGRESS } from './job-progress'

describe('import progress', () => {
  it('maps each phase to the spec percentage', () => {
    expect(PHASE_PROGRESS).toEqual({ idle: 0, uploading: 10, pending: 30, processing: 60, completed: 100, failed: 0 })
  })

  it('is uploading while the job is created, then follows the job status', () => {
    expect(importPhase({ sending: false, jobStatus: undefined })).toBe('idle')
    expect(importPhase({ sending: true, jobStatus: undefined })).toBe('uploading')
    // A new submission after a failure: sending wins over the previous job.
    expect(importPhase({ sending: true, jobStatus: 'failed' })).toBe('uploading')
    expect(importPhase({ sending: false, jobStatus: 'pending' })).toBe('pending')
    expect(importPhase({ sending: false, jobStatus: 'processing' })).toBe('processing')
    expect(importPhase({ sending: false, jobStatus: 'completed' })).toBe('completed')
    expect(importPhase({ sending: false, jobStatus: 'failed' })).toBe('failed')
    expect(importPhase({ sending: false, jobStatus: 'queued' })).toBe('pending')
  })

  it('treats completed and failed as final, anything else as still running', () => {
    expect(isFinishedStatus('completed')).toBe(true)
    expect(isFinishedStatus('failed')).toBe(true)
    expect(isFinishedStatus('pending')).toBe(false)
    expect(isFinishedStatus('processing')).toBe(false)
    expect(isFinishedStatus('queued')).toBe(false)
    expect(isFinishedStatus(undefined)).toBe(false)
    expect((['uploading', 'pending', 'processing'] as const).every(isRunningPhase)).toBe(true)
    expect((['idle', 'completed', 'failed'] as const).some(isRunningPhase)).toBe(false)
  })
})
