import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import rulesJson from '@/lib/api/field-rules.json'
import { EMAIL_PATTERN, fieldCheck, fieldRules, isTrimmed, type FieldRuleName } from './field-check'
import { fieldSchema } from './field-rules'

const names = Object.keys(rulesJson) as FieldRuleName[]

/** Values around each rule's limits, e-mail shapes, spaces and non-ASCII characters. */
function samples(name: FieldRuleName): string[] {
  const { minLength, maxLength } = fieldRules[name]
  const lengths = [0, 1, 2, minLength - 1, minLength, minLength + 1, maxLength - 1, maxLength, maxLength + 1].filter((n) => n >= 0)
  const plain = lengths.map((n) => 'x'.repeat(n))
  const emails = lengths.map((n) => `${'a'.repeat(Math.max(1, n - 7))}@ex.com`)
  return [
    ...plain,
    ...emails,
    ...plain.map((value) => ` ${value} `),
    ...emails.map((value) => `  ${value}\t`),
    '   ',
    'não-é-email',
    'a@b',
    'a@b.c',
    'carla@ex.com',
    'carla.souza+robôs@ex.com',
    "o'brien@mail.example.org",
    '.carla@ex.com',
    'carla@-ex.com',
    'ção',
    'ç'.repeat(maxLength + 1),
  ]
}

describe('field checks without zod', () => {
  it("uses zod's own e-mail pattern", () => {
    // The same, but for the escaped hyphens zod writes in its character classes.
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source.replaceAll('\\-', '-'))
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags)
  })

  it.each(names)('%s: gives the value and the first message the zod schema gives', (name) => {
    const check = fieldCheck(name)
    const schema = fieldSchema(name)
    for (const input of samples(name)) {
      const parsed = schema.safeParse(input)
      const expected = parsed.success
        ? { value: parsed.data, error: null }
        : { value: isTrimmed(name) ? input.trim() : input, error: parsed.error.issues[0]?.message }
      expect(check(input), JSON.stringify(input)).toEqual(expected)
    }
  })

  it('trims what the rule trims, and never a password', () => {
    expect(fieldCheck('email')('  carla@ex.com ')).toEqual({ value: 'carla@ex.com', error: null })
    expect(fieldCheck('loginPassword')(' segredo ')).toEqual({ value: ' segredo ', error: null })
    expect(fieldCheck('securityKey')('   ')).toEqual({ value: '', error: fieldRules.securityKey.messages.required })
  })
})
