/**
 * Fixtures of the import page (imported by tests only): .mq5 files in the encodings MetaEditor writes, and
 * compile jobs as GET /api/tenant/compilation-jobs/{id} answers them at each status.
 */
import type { CompilationJob } from './api/compilation-jobs'
import type { SourceEncoding } from './source-encoding'

/** The bytes of `text` in `encoding`, with its byte-order mark when `bom`. */
export function encodeSource(text: string, encoding: SourceEncoding, { bom = false }: { bom?: boolean } = {}): Uint8Array {
  if (encoding === 'utf-8') {
    const body = new TextEncoder().encode(text)
    return bom ? new Uint8Array([0xef, 0xbb, 0xbf, ...body]) : body
  }
  const littleEndian = encoding === 'utf-16le'
  const units = bom ? `\uFEFF${text}` : text
  const bytes = new Uint8Array(units.length * 2)
  const view = new DataView(bytes.buffer)
  for (let i = 0; i < units.length; i++) view.setUint16(i * 2, units.charCodeAt(i), littleEndian)
  return bytes
}

export const EA_SOURCE = `#property copyright "João"
#include <Trade\\Trade.mqh>
CTrade trade;
int OnInit() { return(INIT_SUCCEEDED); }
void OnTick() { }
`

/** An .mq5 upload as MetaEditor saves it (UTF-16LE with a BOM) unless told otherwise. */
export function mq5File(name = 'Robo Alpha.mq5', text = EA_SOURCE, encoding: SourceEncoding = 'utf-16le'): File {
  // Copied into a fresh ArrayBuffer: File wants BlobParts backed by one.
  const bytes = new Uint8Array(encodeSource(text, encoding, { bom: encoding !== 'utf-8' }))
  return new File([bytes], name, { type: '' })
}

export const tenantId = '0190c0de-0000-7000-8000-00000000000a'
export const robotId = '0190c0de-0000-7000-8000-0000000000a1'
export const jobId = '0190c0de-0000-7000-8000-0000000000d1'

/** The job as it is created: waiting for a compile agent. */
export function pendingJob(overrides: Partial<CompilationJob> = {}): CompilationJob {
  return {
    id: jobId,
    status: 'pending',
    robotId,
    robotName: 'Robo Alpha',
    originalFileName: 'Robo Alpha.mq5',
    errorMessage: null,
    compiledFileUrl: null,
    robotVersion: null,
    diagnostics: [],
    createdAt: '2025-03-10T15:00:00Z',
    startedAt: null,
    completedAt: null,
    waitingReason: null,
    ...overrides,
  }
}

export const processingJob = (): CompilationJob => pendingJob({ status: 'processing', startedAt: '2025-03-10T15:00:05Z' })

export const completedJob = (): CompilationJob =>
  pendingJob({
    status: 'completed',
    startedAt: '2025-03-10T15:00:05Z',
    completedAt: '2025-03-10T15:00:20Z',
    compiledFileUrl: `/api/tenant/compilation-jobs/${jobId}/download`,
    robotVersion: { id: '0190c0de-0000-7000-8000-0000000000c3', version: '2.0.0', active: false },
  })

export const failedJob = (): CompilationJob =>
  pendingJob({
    status: 'failed',
    startedAt: '2025-03-10T15:00:05Z',
    completedAt: '2025-03-10T15:00:20Z',
    errorMessage: 'A compilação falhou com 2 erros.',
    diagnostics: [
      { line: 12, column: 5, severity: 'error', code: '256', message: "'lotes' - undeclared identifier", inInjectedCode: false },
      { line: 3, column: 1, severity: 'error', code: '248', message: "'CTrade' - declaration without type", inInjectedCode: false },
      { line: 40, column: 0, severity: 'warning', code: '43', message: 'possible loss of data due to type conversion', inInjectedCode: false },
    ],
  })
