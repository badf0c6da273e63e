import { describe, expect, it } from 'vitest'
import { capabilities, ownerRoleLabels, roleCan, type Capability, type OwnerRole } from './permissions'

/**
 * docs/owner-roles.md's table, copied as it reads (Administrador, Suporte, Financeiro), so that a change to the
 * module's matrix that the document does not make fails here.
 */
const documented: Record<Capability, [admin: '✓' | '', support: '✓' | '', financial: '✓' | '']> = {
  ViewDashboard: ['✓', '', '✓'],
  ViewClients: ['✓', '✓', '✓'],
  ManageClients: ['✓', '✓', ''],
  ViewLicenses: ['✓', '✓', '✓'],
  ManageLicenses: ['✓', '✓', ''],
  ViewRobots: ['✓', '✓', '✓'],
  ManageRobots: ['✓', '', ''],
  ViewSales: ['✓', '', '✓'],
  ManageSales: ['✓', '', '✓'],
  ViewSettings: ['✓', '', '✓'],
  ManageSettings: ['✓', '', ''],
  ManageTeam: ['✓', '', ''],
  EraseClients: ['✓', '', ''],
}

const columns: OwnerRole[] = ['admin', 'support', 'financial']

const cases = capabilities.flatMap((capability) =>
  columns.map((role, column) => ({ role, capability, allowed: documented[capability][column] === '✓' })),
)

describe('owner permissions (docs/owner-roles.md)', () => {
  it('knows the capabilities of the document, no more', () => {
    expect([...capabilities].sort()).toEqual(Object.keys(documented).sort())
    expect(cases).toHaveLength(39)
  })

  it.each(cases)('$role → $capability: $allowed', ({ role, capability, allowed }) => {
    expect(roleCan(role, capability)).toBe(allowed)
  })

  it('gives no capability to an owner whose role is unknown', () => {
    for (const capability of capabilities) {
      expect(roleCan(null, capability)).toBe(false)
      expect(roleCan(undefined, capability)).toBe(false)
    }
  })

  it('names the roles as the portal shows them', () => {
    expect(ownerRoleLabels).toEqual({ admin: 'Administrador', support: 'Suporte', financial: 'Financeiro' })
  })
})
