/**
 * Turns the bytes of an uploaded .mq5 into text. MetaEditor saves sources as UTF-16LE (often with a BOM,
 * sometimes without), other editors as UTF-8, and older ones in the Windows "ANSI" code page (Windows-1252 on
 * Portuguese and Western systems); the server takes text only, so the browser decodes.
 */

export type SourceEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252'

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

/** Windows-1252's characters for bytes 0x80–0x9F (undefined ones kept as the byte's C1 control). */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178'

/**
 * Windows-1252 by hand: Node's TextDecoder reads the label as Latin-1 (0x80–0x9F become control characters),
 * browsers by the WHATWG table; this gives the table's answer everywhere. Every other byte is its own code point.
 */
function decodeWindows1252(bytes: Uint8Array): string {
  let text = ''
  const CHUNK = 8192
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const codes = Array.from(bytes.subarray(start, start + CHUNK), (b) =>
      b >= 0x80 && b <= 0x9f ? CP1252_HIGH.charCodeAt(b - 0x80) : b,
    )
    text += String.fromCharCode(...codes)
  }
  return text
}

/**
 * The file's text, without its BOM. A file without a BOM that is not valid UTF-8 was saved in the ANSI code page
 * (an "é" there is one byte that UTF-8 cannot read): read as Windows-1252, every byte is a character, so accented
 * comments survive instead of turning into U+FFFD. Otherwise bytes the encoding cannot read become U+FFFD.
 */
export function decodeSource(bytes: Uint8Array): DecodedSource {
  const { encoding, bomLength } = detectSourceEncoding(bytes)
  const body = bytes.subarray(bomLength)
  if (encoding === 'utf-8' && bomLength === 0) {
    try {
      return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding }
    } catch {
      return { text: decodeWindows1252(body), encoding: 'windows-1252' }
    }
  }
  // The BOM is cut here, so the decoder must not look for one (a second U+FEFF would be text).
  return { text: new TextDecoder(encoding, { ignoreBOM: true }).decode(body), encoding }
}

/**
 * Whether the text is over the server's limit. Counted in UTF-16 code units, which is never fewer than the
 * server's count of characters, so a text accepted here is accepted there.
 */
export function sourceTooLarge(text: string): boolean {
  return text.length > MAX_SOURCE_CHARS
}
