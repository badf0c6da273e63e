import { describe, expect, it } from 'vitest'
import { missingPlaceholders, PLACEHOLDERS, renderTemplate, sampleValues } from './template-placeholders'

describe('renderTemplate', () => {
  it('puts the sample values in place of every placeholder, however often it appears', () => {
    const template = 'url={{TENANT_AUTH_URL}} t={{TENANT_ID}} d={{TENANT_DOMAIN}} r={{ROBOT_ID}} k={{ROBOT_SIGNING_KEY}} again={{ROBOT_ID}}'
    expect(renderTemplate(template)).toBe(
      'url=https://robosdojoao.com.br/api/webhooks/validate-license t=0190c0de-0000-7000-8000-00000000000a d=robosdojoao.com.br ' +
        'r=0190c0de-0000-7000-8000-0000000000e1 k=•••••••••••••••••••••••••••••••• again=0190c0de-0000-7000-8000-0000000000e1',
    )
  })

  it('builds the auth URL from the sample domain and the validate-license webhook', () => {
    expect(sampleValues['{{TENANT_AUTH_URL}}']).toBe(`https://${sampleValues['{{TENANT_DOMAIN}}']}/api/webhooks/validate-license`)
  })

  it('never shows anything that looks like a real signing key', () => {
    expect(sampleValues['{{ROBOT_SIGNING_KEY}}']).toMatch(/^•+$/)
  })

  it('leaves unknown and broken placeholders as they are', () => {
    expect(renderTemplate('{{OTHER}} {{ {{TENANT_ID} TENANT_ID}}')).toBe('{{OTHER}} {{ {{TENANT_ID} TENANT_ID}}')
  })

  it('substitutes in one pass: a value that looks like a placeholder is not expanded again', () => {
    const values = { ...sampleValues, '{{TENANT_ID}}': '{{ROBOT_ID}}' }
    expect(renderTemplate('{{TENANT_ID}}|{{ROBOT_ID}}', values)).toBe(`{{ROBOT_ID}}|${sampleValues['{{ROBOT_ID}}']}`)
  })

  it('lists the five placeholders the server substitutes', () => {
    expect(PLACEHOLDERS).toEqual(['{{TENANT_AUTH_URL}}', '{{TENANT_ID}}', '{{TENANT_DOMAIN}}', '{{ROBOT_ID}}', '{{ROBOT_SIGNING_KEY}}'])
  })
})

describe('missingPlaceholders', () => {
  it('names the required placeholders a template lacks, in order', () => {
    expect(missingPlaceholders('')).toEqual(['{{TENANT_AUTH_URL}}', '{{TENANT_ID}}', '{{ROBOT_ID}}'])
    expect(missingPlaceholders('{{TENANT_ID}} {{TENANT_DOMAIN}}')).toEqual(['{{TENANT_AUTH_URL}}', '{{ROBOT_ID}}'])
    expect(missingPlaceholders('{{ROBOT_ID}}{{TENANT_ID}}{{TENANT_AUTH_URL}}')).toEqual([])
  })

  it('does not take the domain or the signing key as required', () => {
    expect(missingPlaceholders('{{TENANT_AUTH_URL}} {{TENANT_ID}} {{ROBOT_ID}}')).toEqual([])
  })
})
