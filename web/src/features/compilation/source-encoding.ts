/**
 * Turns the bytes of an uploaded .mq5 into text. MetaEditor saves sources as UTF-16LE (often with a BOM,
 * sometimes without), other editors as UTF-8; the server takes text only, so the browser decodes.
 */

export type SourceEncoding = 'utf-8' | 'utf-16le' | 'utf-16be'

export interface DetectedEncoding {
  encoding: SourceEncoding
  /** Bytes of byte-order mark at the start, left out of the text. */
  bomLength: number
}

export interface DecodedSource {
  text: string
  encoding: SourceEncoding
}

/** How many leading bytes the BOM-less UTF-16LE guess looks at. */
const SNIFF_BYTES = 1024

/** The server's limit (1 000 000 characters, "1 MB of text"). */
export const MAX_SOURCE_CHARS = 1_000_000
export const SOURCE_TOO_LARGE_MESSAGE = 'Arquivo muito grande. Tamanho máximo: 1MB'
/**
 * Above this many bytes no encoding can hold MAX_SOURCE_CHARS or fewer (UTF-8 takes at most 3 bytes per UTF-16
 * code unit, UTF-16 two), so such a file is refused without reading it.
 */
export const MAX_SOURCE_BYTES = 3 * MAX_SOURCE_CHARS + 3

/**
 * UTF-16 text that is mostly ASCII or Latin-1 (an EA's code, Portuguese comments) has a zero high byte in
 * nearly every character; in little-endian order that is every odd byte. UTF-8 text has no zero bytes at all.
 */
function looksLikeUtf16le(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, SNIFF_BYTES)
  const pairs = Math.floor(sample.length / 2)
  if (pairs === 0) return false
  let zeroHighBytes = 0
  for (let i = 1; i < sample.length; i += 2) if (sample[i] === 0) zeroHighBytes++
  return zeroHighBytes > pairs / 2
}

/** The encoding of a source file: by its BOM (UTF-16LE, UTF-16BE, UTF-8), else UTF-16LE when it looks so, else UTF-8. */
export function detectSourceEncoding(bytes: Uint8Array): DetectedEncoding {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 }
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', bomLength: 3 }
  if (looksLikeUtf16le(bytes)) return { encoding: 'utf-16le', bomLength: 0 }
  return { encoding: 'utf-8', bomLength: 0 }
}

/** The file's text, without its BOM. Bytes the encoding cannot read become U+FFFD rather than failing. */
export function decodeSource(bytes: Uint8Array): DecodedSource {
  const { encoding, bomLength } = detectSourceEncoding(bytes)
  // The BOM is cut here, so the decoder must not look for one (a second U+FEFF would be text).
  const text = new TextDecoder(encoding, { ignoreBOM: true }).decode(bytes.subarray(bomLength))
  return { text, encoding }
}

/**
 * Whether the text is over the server's limit. Counted in UTF-16 code units, which is never fewer than the
 * server's count of characters, so a text accepted here is accepted there.
 */
export function sourceTooLarge(text: string): boolean {
  return text.length > MAX_SOURCE_CHARS
}
