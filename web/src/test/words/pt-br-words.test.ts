// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { portalSources } from './portal-sources'
import { offendersInFiles, offendersInSource } from './pt-br-offenders'

// What a tenant owner or a buyer can see: both portals, everything they import, and the router's error page.
const ROOTS = ['portals/tenant/tenant-portal.tsx', 'portals/client/client-portal.tsx', 'components/route-error-page.tsx']

describe('pt-BR words on the tenant and client screens', () => {
  const files = portalSources(...ROOTS)

  it("reaches the portals' pages, the features and shared components they render, and nothing of the admin", () => {
    for (const file of [
      'portals/tenant/pages/robot-versions-page.tsx',
      'features/tenant-catalog/components/versions/version-upload-form.tsx',
      'features/robot-factory/publish-form.ts',
      'portals/client/pages/lessons-page.tsx',
      'portals/client/pages/forgot-password-page.tsx',
      'components/not-found-page.tsx',
      'components/ui/dialog.tsx',
    ]) {
      expect(files).toContain(file)
    }
    expect(files.filter((file) => file.startsWith('portals/admin/'))).toEqual([])
  })

  it('shows none of the denied English or mixed words (file:line → what to write instead)', () => {
    expect(offendersInFiles(files)).toEqual([])
  })

  it('names each offender with its file and line, so the check fails when one comes back', () => {
    const source = [
      "const title = 'Página'",
      '<p>Did you forget to add the page to the router?</p>',
      "<span>{tenantName} · Portal do Tenant</span>",
      "<TextField name=\"major\" label=\"Major\" />",
      "toast({ title: 'Email enviado!', description: 'Se o email existir, você receberá instruções.' })",
      "const lessons = 'Área de Treinamento'",
      "const warning = 'Todo owner entra no portal'",
      "<Button>Cancel</Button>",
      // Field names, input types, placeholders with data and values sent to the API are not words on a screen.
      "const field = { name: 'email', type: 'email', placeholder: 'seu@email.com', versionType: 'major' } // Email",
    ].join(';\n')
    expect(offendersInSource(source, 'exemplo.tsx').map((offender) => offender.split(':').slice(0, 2).join(':'))).toEqual([
      'exemplo.tsx:2',
      'exemplo.tsx:3', // "Portal do Tenant", and "Tenant" in a sentence
      'exemplo.tsx:3',
      'exemplo.tsx:4',
      'exemplo.tsx:5',
      'exemplo.tsx:5',
      'exemplo.tsx:6',
      'exemplo.tsx:7',
      'exemplo.tsx:8',
    ])
  })
})
