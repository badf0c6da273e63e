import { describe, expect, it } from 'vitest'
import { ownerRoles } from '@/features/tenant-access/permissions'
import { tenantHomePath, tenantMenuOrder } from './tenant-home'
import { tenantMenuFor, tenantScreens } from './tenant-screens'

describe('where a tenant owner lands', () => {
  it("lists the screen table's menu, in its order, with each screen's capability", () => {
    const menu = tenantScreens.filter((screen) => screen.inMenu !== false).map(({ path, capability }) => ({ path, capability }))
    expect(tenantMenuOrder).toEqual(menu)
  })

  it.each(ownerRoles)('sends a %s owner to the first menu screen the role may open', (role) => {
    expect(tenantHomePath(role)).toBe(tenantMenuFor(role)[0]?.path)
  })

  it('lands on the dashboard, or the clients for Suporte', () => {
    expect(tenantHomePath('admin')).toBe('/dashboard')
    expect(tenantHomePath('financial')).toBe('/dashboard')
    expect(tenantHomePath('support')).toBe('/clients')
    expect(tenantHomePath(undefined)).toBe('/dashboard')
  })
})
