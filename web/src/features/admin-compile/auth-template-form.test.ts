import { describe, expect, it } from 'vitest'
import { authTemplateChanges, authTemplateSchema, authTemplateValues, missingPlaceholdersMessage } from './auth-template-form'
import { authTemplate, templateCode } from './test-support'

function errorsOf(values: { name: string; version: string; templateCode: string }): Record<string, string> {
  const result = authTemplateSchema.safeParse({ isActive: true, ...values })
  if (result.success) return {}
  // The first problem of each field, the one the form shows.
  const errors: Record<string, string> = {}
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message
  return errors
}

describe('authTemplateSchema', () => {
  it('accepts the stored template', () => {
    expect(errorsOf(authTemplateValues(authTemplate))).toEqual({})
  })

  it('answers with the server’s pt-BR messages', () => {
    expect(errorsOf({ name: '  ab ', version: '   ', templateCode: 'curto' })).toEqual({
      name: 'Nome deve ter pelo menos 3 caracteres',
      version: 'Versão é obrigatória',
      templateCode: 'Template deve ter pelo menos 10 caracteres',
    })
    expect(errorsOf({ name: 'x'.repeat(201), version: '1'.repeat(33), templateCode })).toEqual({
      name: 'Nome deve ter no máximo 200 caracteres',
      version: 'Versão deve ter no máximo 32 caracteres',
    })
  })

  it('requires the auth URL, tenant id and robot id placeholders', () => {
    expect(errorsOf({ name: 'Template', version: '1.0.0', templateCode: '// {{TENANT_DOMAIN}} {{ROBOT_SIGNING_KEY}}' })).toEqual({
      templateCode: 'O template precisa conter {{TENANT_AUTH_URL}}, {{TENANT_ID}} e {{ROBOT_ID}}',
    })
    expect(errorsOf({ name: 'Template', version: '1.0.0', templateCode: '// {{TENANT_AUTH_URL}} {{TENANT_ID}}' })).toEqual({
      templateCode: 'O template precisa conter {{ROBOT_ID}}',
    })
  })

  it('trims name and version', () => {
    expect(authTemplateSchema.parse({ name: '  Template  ', version: ' 2.0 ', templateCode, isActive: true })).toEqual({
      name: 'Template',
      version: '2.0',
      templateCode,
      isActive: true,
    })
  })
})

describe('missingPlaceholdersMessage', () => {
  it('joins the names the pt-BR way', () => {
    expect(missingPlaceholdersMessage(['{{A}}'])).toBe('O template precisa conter {{A}}')
    expect(missingPlaceholdersMessage(['{{A}}', '{{B}}'])).toBe('O template precisa conter {{A}} e {{B}}')
    expect(missingPlaceholdersMessage(['{{A}}', '{{B}}', '{{C}}'])).toBe('O template precisa conter {{A}}, {{B}} e {{C}}')
  })
})

describe('authTemplateChanges', () => {
  it('sends nothing when nothing changed', () => {
    expect(authTemplateChanges(authTemplate, authTemplateValues(authTemplate))).toEqual({})
  })

  it('sends only the fields that differ from the stored template', () => {
    const values = authTemplateValues(authTemplate)
    expect(authTemplateChanges(authTemplate, { ...values, version: '1.1.0' })).toEqual({ version: '1.1.0' })
    expect(authTemplateChanges(authTemplate, { ...values, isActive: !authTemplate.isActive })).toEqual({ isActive: !authTemplate.isActive })
    expect(authTemplateChanges(authTemplate, { ...values, name: 'Novo nome', templateCode: `${templateCode}\n` })).toEqual({
      name: 'Novo nome',
      templateCode: `${templateCode}\n`,
    })
  })
})
