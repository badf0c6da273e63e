import { REQUIRED_MESSAGE } from './import-form'
import { decodeSource, MAX_SOURCE_BYTES, SOURCE_TOO_LARGE_MESSAGE, sourceTooLarge, type SourceEncoding } from './source-encoding'

export type SourceFileResult = { ok: true; text: string; encoding: SourceEncoding } | { ok: false; message: string }

/**
 * An .mq5 file's text, decoded in the browser, or why it cannot be sent: over 1 MB of text, or blank
 * (the source is required). Files far too big are refused before being read.
 */
export async function readSourceFile(file: File): Promise<SourceFileResult> {
  if (file.size > MAX_SOURCE_BYTES) return { ok: false, message: SOURCE_TOO_LARGE_MESSAGE }
  const { text, encoding } = decodeSource(new Uint8Array(await file.arrayBuffer()))
  if (sourceTooLarge(text)) return { ok: false, message: SOURCE_TOO_LARGE_MESSAGE }
  if (!text.trim()) return { ok: false, message: REQUIRED_MESSAGE }
  return { ok: true, text, encoding }
}
