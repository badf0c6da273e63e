import { describe, expect, it } from 'vitest'
import rulesJson from '@/lib/api/field-rules.json'
import { fieldRules, fieldSchema, isTrimmed, type FieldRuleName } from './field-rules'

/** The messages a value gets, in order (the form shows the first). */
function messagesOf(name: FieldRuleName, value: string): string[] {
  const result = fieldSchema(name).safeParse(value)
  return result.success ? [] : result.error.issues.map((issue) => issue.message)
}

/** A value the rule accepts, `length` characters long. */
function valid(name: FieldRuleName, length: number): string {
  if (!fieldRules[name].email) return 'x'.repeat(length)
  const domain = '@ex.com'
  return `${'a'.repeat(Math.max(1, length - domain.length))}${domain}`
}

const names = Object.keys(rulesJson) as FieldRuleName[]

describe('field rules from the server', () => {
  it('has every rule in the shape the forms expect', () => {
    expect(names.length).toBeGreaterThan(0)
    for (const name of names) {
      const rule = fieldRules[name]
      expect(rule.minLength, name).toBeGreaterThanOrEqual(1)
      expect(rule.maxLength, name).toBeGreaterThanOrEqual(rule.minLength)
      expect(rule.messages.required && rule.messages.tooShort && rule.messages.tooLong, name).toBeTruthy()
      if (rule.email) expect(rule.messages.invalid, name).toBeTruthy()
    }
  })

  it.each(names)('%s: empty gives the "required" message', (name) => {
    expect(messagesOf(name, '')[0]).toBe(fieldRules[name].messages.required)
  })

  it.each(names)('%s: accepts the shortest and the longest valid values', (name) => {
    const { minLength, maxLength } = fieldRules[name]
    expect(messagesOf(name, valid(name, Math.max(minLength, fieldRules[name].email ? 8 : 1)))).toEqual([])
    expect(messagesOf(name, valid(name, maxLength))).toEqual([])
  })

  it.each(names)('%s: too short and too long give their messages', (name) => {
    const { minLength, maxLength, messages } = fieldRules[name]
    if (minLength > 1) expect(messagesOf(name, valid(name, minLength - 1))).toEqual([messages.tooShort])
    expect(messagesOf(name, valid(name, maxLength + 1))).toEqual([messages.tooLong])
  })

  it.each(names.filter((name) => fieldRules[name].email))('%s: rejects what is not an e-mail address', (name) => {
    expect(messagesOf(name, 'não-é-email')).toEqual([fieldRules[name].messages.invalid])
    expect(messagesOf(name, 'a@b')).toEqual([fieldRules[name].messages.invalid])
  })

  it('trims e-mail, usernames and keys, but never passwords', () => {
    expect(fieldSchema('email').parse('  carla@ex.com ')).toBe('carla@ex.com')
    expect(fieldSchema('adminUsername').parse(' admin ')).toBe('admin')
    expect(messagesOf('securityKey', '   ')).toEqual([fieldRules.securityKey.messages.required])
    expect(fieldSchema('loginPassword').parse(' segredo ')).toBe(' segredo ')
    expect(messagesOf('newPassword', '  abc  ')).toEqual([])
    expect(isTrimmed('newPassword')).toBe(false)
    expect(isTrimmed('email')).toBe(true)
  })

  it('counts characters, not bytes, like the server', () => {
    expect(messagesOf('adminUsername', 'ção')).toEqual([])
  })
})
