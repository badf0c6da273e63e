// @vitest-environment node
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript'

const specUrl = new URL('../../../openapi.json', import.meta.url)
const generatedUrl = new URL('./schema.d.ts', import.meta.url)

describe('generated API types', () => {
  it('match openapi.json (run `npm run gen:api` when this fails)', async () => {
    const ast = await openapiTS(specUrl, { silent: true })
    const expected = `${COMMENT_HEADER}${astToString(ast)}`
    const committed = await readFile(generatedUrl, 'utf8')
    expect(committed, 'src/lib/api/schema.d.ts is stale: run `npm run gen:api`').toBe(expected)
  }, 30_000)
})
