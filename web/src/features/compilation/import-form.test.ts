import { describe, expect, it } from 'vitest'
import { importFormSchema, isMq5FileName, robotNameFromFileName } from './import-form'
import { readSourceFile } from './read-source-file'
import { SOURCE_TOO_LARGE_MESSAGE, MAX_SOURCE_BYTES, MAX_SOURCE_CHARS } from './source-encoding'
import { EA_SOURCE, mq5File } from './test-support'

/** The first message per field, as the form shows it. */
function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {}
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message
  return out
}

describe('import form', () => {
  it('suggests the robot name from the file name, without the extension', () => {
    expect(robotNameFromFileName('Robo Alpha.mq5')).toBe('Robo Alpha')
    expect(robotNameFromFileName('  scalper.v2.MQ5 ')).toBe('scalper.v2')
    expect(robotNameFromFileName('sem-extensao')).toBe('sem-extensao')
    expect(robotNameFromFileName('.mq5')).toBe('.mq5')
  })

  it('takes .mq5 files in any case only', () => {
    expect(isMq5FileName('a.mq5')).toBe(true)
    expect(isMq5FileName('A.MQ5')).toBe(true)
    expect(isMq5FileName('a.ex5')).toBe(false)
    expect(isMq5FileName('a.mq5.txt')).toBe(false)
  })

  it("asks for the file and the name ('Campos obrigatórios') and refuses other files ('Arquivo inválido')", () => {
    expect(messages(importFormSchema.safeParse({ file: null, robotName: '  ' }))).toEqual({ file: 'Campos obrigatórios', robotName: 'Campos obrigatórios' })
    expect(messages(importFormSchema.safeParse({ file: mq5File('robo.ex5'), robotName: 'Robo' }))).toEqual({ file: 'Arquivo inválido' })
    expect(messages(importFormSchema.safeParse({ file: mq5File(), robotName: 'x'.repeat(201) }))).toEqual({
      robotName: 'O nome do robô pode ter no máximo 200 caracteres',
    })
    const ok = importFormSchema.safeParse({ file: mq5File(), robotName: ' Robo Alpha ' })
    expect(ok.success && ok.data.robotName).toBe('Robo Alpha')
  })
})

describe('reading the source file', () => {
  it('decodes a UTF-16LE file as MetaEditor saves it, and a UTF-8 one', async () => {
    expect(await readSourceFile(mq5File())).toEqual({ ok: true, text: EA_SOURCE, encoding: 'utf-16le' })
    expect(await readSourceFile(mq5File('a.mq5', EA_SOURCE, 'utf-8'))).toEqual({ ok: true, text: EA_SOURCE, encoding: 'utf-8' })
  })

  it("refuses a blank source ('Campos obrigatórios')", async () => {
    expect(await readSourceFile(mq5File('vazio.mq5', ' \n\t', 'utf-16le'))).toEqual({ ok: false, message: 'Campos obrigatórios' })
    expect(await readSourceFile(new File([], 'vazio.mq5'))).toEqual({ ok: false, message: 'Campos obrigatórios' })
  })

  it('refuses more than 1 MB of text, counted after decoding', async () => {
    // 600 000 characters in UTF-16 are 1.2 MB of file but fit the limit.
    const big = await readSourceFile(mq5File('grande.mq5', 'a'.repeat(600_000), 'utf-16le'))
    expect(big.ok).toBe(true)
    expect(await readSourceFile(mq5File('enorme.mq5', 'a'.repeat(MAX_SOURCE_CHARS + 1), 'utf-8'))).toEqual({ ok: false, message: SOURCE_TOO_LARGE_MESSAGE })
    expect(SOURCE_TOO_LARGE_MESSAGE).toBe('Arquivo muito grande. Tamanho máximo: 1MB')
  })

  it('refuses a file too big for any encoding without reading it', async () => {
    const huge = new File([new Uint8Array(MAX_SOURCE_BYTES + 1)], 'huge.mq5')
    huge.arrayBuffer = () => Promise.reject(new Error('should not be read'))
    expect(await readSourceFile(huge)).toEqual({ ok: false, message: SOURCE_TOO_LARGE_MESSAGE })
  })
})
