import type { components } from '@/lib/api/schema'

export type OwnerRole = components['schemas']['OwnerRole']

/** What an owner may see or do in the tenant portal: the capabilities of docs/owner-roles.md. */
export type Capability =
  | 'ViewDashboard'
  | 'ViewClients'
  | 'ManageClients'
  | 'ViewLicenses'
  | 'ManageLicenses'
  | 'ViewRobots'
  | 'ManageRobots'
  | 'ViewSales'
  | 'ManageSales'
  | 'ViewSettings'
  | 'ManageSettings'
  | 'ManageTeam'
  | 'EraseClients'

/**
 * The roles that hold each capability, row by row as docs/owner-roles.md's table states them. The API enforces the
 * same table (403); the portal only hides what a role would be refused, so the two must say the same.
 */
const holders: Record<Capability, readonly OwnerRole[]> = {
  ViewDashboard: ['admin', 'financial'],
  ViewClients: ['admin', 'support', 'financial'],
  ManageClients: ['admin', 'support'],
  ViewLicenses: ['admin', 'support', 'financial'],
  ManageLicenses: ['admin', 'support'],
  ViewRobots: ['admin', 'support', 'financial'],
  ManageRobots: ['admin'],
  ViewSales: ['admin', 'financial'],
  ManageSales: ['admin', 'financial'],
  ViewSettings: ['admin', 'financial'],
  ManageSettings: ['admin'],
  ManageTeam: ['admin'],
  EraseClients: ['admin'],
}

export const capabilities = Object.keys(holders) as Capability[]

export const ownerRoleLabels: Record<OwnerRole, string> = {
  admin: 'Administrador',
  support: 'Suporte',
  financial: 'Financeiro',
}

export const ownerRoles = Object.keys(ownerRoleLabels) as OwnerRole[]

/** Whether `role` holds `capability`; an unknown role (no session) holds none. */
export function roleCan(role: OwnerRole | null | undefined, capability: Capability): boolean {
  return role != null && holders[capability].includes(role)
}
