import { z } from 'zod'
import { fieldRules, isTrimmed, type FieldRule, type FieldRuleName } from '@/lib/field-check'

// The rules themselves live in field-check.ts, which checks them without zod (the login pages).
export { fieldRules, isTrimmed, type FieldRule, type FieldRuleName }

/**
 * The zod schema of one server field rule, with the server's pt-BR messages:
 * empty → `required`, shorter than `minLength` → `tooShort`, longer than `maxLength` → `tooLong`,
 * not an e-mail address (when `email`) → `invalid`.
 */
export function fieldSchema(name: FieldRuleName, { trim = isTrimmed(name) }: { trim?: boolean } = {}): z.ZodString {
  return ruleSchema(fieldRules[name], { trim })
}

/** `fieldSchema` for a rule given directly. */
export function ruleSchema(rule: FieldRule, { trim }: { trim: boolean }): z.ZodString {
  const { messages } = rule
  let schema = z.string()
  if (trim) schema = schema.trim()
  schema = schema.min(1, messages.required)
  if (rule.minLength > 1) schema = schema.min(rule.minLength, messages.tooShort)
  schema = schema.max(rule.maxLength, messages.tooLong)
  if (rule.email) schema = schema.regex(z.regexes.email, messages.invalid ?? messages.required)
  return schema
}
