import { describe, expect, it } from 'vitest'
import { decodeSource, detectSourceEncoding, MAX_SOURCE_CHARS, sourceTooLarge } from './source-encoding'
import { encodeSource } from './test-support'

const source = '// Robô de médias móveis\nint OnInit() { return(INIT_SUCCEEDED); }\n'

describe('source encoding', () => {
  it('reads UTF-16LE by its BOM (as MetaEditor saves) and leaves the BOM out', () => {
    const bytes = encodeSource(source, 'utf-16le', { bom: true })
    expect(Array.from(bytes.subarray(0, 2))).toEqual([0xff, 0xfe])
    expect(detectSourceEncoding(bytes)).toEqual({ encoding: 'utf-16le', bomLength: 2 })
    expect(decodeSource(bytes)).toEqual({ text: source, encoding: 'utf-16le' })
  })

  it('reads UTF-16BE by its BOM', () => {
    const bytes = encodeSource(source, 'utf-16be', { bom: true })
    expect(Array.from(bytes.subarray(0, 2))).toEqual([0xfe, 0xff])
    expect(decodeSource(bytes)).toEqual({ text: source, encoding: 'utf-16be' })
  })

  it('reads UTF-16LE without a BOM when most odd bytes of the first KB are zero', () => {
    const bytes = encodeSource(source, 'utf-16le')
    expect(detectSourceEncoding(bytes)).toEqual({ encoding: 'utf-16le', bomLength: 0 })
    expect(decodeSource(bytes).text).toBe(source)
  })

  it('only looks at the first KB for the guess', () => {
    // UTF-8 for more than a KB, then UTF-16-looking bytes: still UTF-8.
    const head = encodeSource('x'.repeat(1100), 'utf-8')
    const tail = encodeSource('y'.repeat(2000), 'utf-16le')
    const bytes = new Uint8Array([...head, ...tail])
    expect(detectSourceEncoding(bytes).encoding).toBe('utf-8')
  })

  it('reads UTF-8 otherwise, without its BOM, accents intact', () => {
    const plain = encodeSource(source, 'utf-8')
    expect(decodeSource(plain)).toEqual({ text: source, encoding: 'utf-8' })
    const withBom = encodeSource(source, 'utf-8', { bom: true })
    expect(Array.from(withBom.subarray(0, 3))).toEqual([0xef, 0xbb, 0xbf])
    expect(detectSourceEncoding(withBom)).toEqual({ encoding: 'utf-8', bomLength: 3 })
    expect(decodeSource(withBom).text).toBe(source)
  })

  it('takes empty and one-byte files as UTF-8', () => {
    expect(decodeSource(new Uint8Array())).toEqual({ text: '', encoding: 'utf-8' })
    expect(decodeSource(new Uint8Array([0x41]))).toEqual({ text: 'A', encoding: 'utf-8' })
  })

  it('does not turn a UTF-8 file with a few zero bytes into UTF-16', () => {
    const bytes = encodeSource('int a = 1;\n'.repeat(20), 'utf-8')
    bytes[1] = 0
    bytes[3] = 0
    expect(detectSourceEncoding(bytes).encoding).toBe('utf-8')
  })

  it('reads a file in the ANSI code page (not valid UTF-8) as Windows-1252, accents intact', () => {
    // "// Robô de médias — €5" as Windows-1252 bytes: ô = F4, é = E9, — = 97, € = 80.
    const ansi = new Uint8Array([
      0x2f, 0x2f, 0x20, 0x52, 0x6f, 0x62, 0xf4, 0x20, 0x64, 0x65, 0x20, 0x6d, 0xe9, 0x64, 0x69, 0x61, 0x73, 0x20, 0x97,
      0x20, 0x80, 0x35,
    ])
    expect(detectSourceEncoding(ansi).encoding).toBe('utf-8')
    expect(decodeSource(ansi)).toEqual({ text: '// Robô de médias — €5', encoding: 'windows-1252' })
  })

  it('keeps a UTF-8 file with a BOM as UTF-8 even with a broken byte', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x41, 0xff, 0x42])
    expect(decodeSource(bytes)).toEqual({ text: 'A\uFFFDB', encoding: 'utf-8' })
  })

  it('allows up to 1 000 000 characters', () => {
    expect(sourceTooLarge('a'.repeat(MAX_SOURCE_CHARS))).toBe(false)
    expect(sourceTooLarge('a'.repeat(MAX_SOURCE_CHARS + 1))).toBe(true)
  })
})
