import { roleCan, type Capability, type OwnerRole } from '@/features/tenant-access/permissions'

/**
 * The tenant-owner menu in menu order, each screen with the capability it needs: the same as the screen table's
 * (tenant-screens.tsx; tenant-home.test.ts holds the two equal), here without the pages, so that the login page
 * knows where an owner lands without downloading the signed-in screens.
 */
export const tenantMenuOrder: ReadonlyArray<{ path: string; capability: Capability }> = [
  { path: '/dashboard', capability: 'ViewDashboard' },
  { path: '/clients', capability: 'ViewClients' },
  { path: '/robots', capability: 'ViewRobots' },
  { path: '/robot-factory', capability: 'ViewRobots' },
  { path: '/robot-generations', capability: 'ViewRobots' },
  { path: '/licenses', capability: 'ViewLicenses' },
  { path: '/sales', capability: 'ViewSales' },
  { path: '/subscriptions', capability: 'ViewSales' },
  { path: '/settings', capability: 'ViewSettings' },
  { path: '/email-settings', capability: 'ManageSettings' },
  { path: '/team', capability: 'ManageTeam' },
]

/** Where an owner of `role` lands after signing in: the first menu screen the role may open (support: the clients). */
export function tenantHomePath(role: OwnerRole | undefined): string {
  return tenantMenuOrder.find((screen) => roleCan(role, screen.capability))?.path ?? '/dashboard'
}
