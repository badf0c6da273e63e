/**
 * Fixtures and helpers for the admin catalog screens' tests (imported by tests only).
 */
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AuditItem } from './api/audit-log'
import type { RobotItem } from './api/robots'
import type { OwnerItem } from './api/tenant-owners'
import type { TenantItem } from './api/tenants'

export function pageOf<T>(items: T[], { total = items.length, totalCapped = false, page = 1, pageSize = 20 } = {}) {
  return { items, total, page, pageSize, totalCapped }
}

export const tenantA: TenantItem = {
  id: '0190c0de-0000-7000-8000-00000000000a',
  name: 'Robôs do João',
  url: 'robosdojoao.com.br',
  displayName: null,
  status: 'active',
  secretPrefix: 'a1b2c3d4e5f6',
  hotmartConfigured: true,
  logoUrl: null,
  activationDate: '2024-03-05T12:00:00Z',
  createdAt: '2024-03-05T12:00:00Z',
}

export const tenantB: TenantItem = {
  id: '0190c0de-0000-7000-8000-00000000000b',
  name: 'Alpha Trade',
  url: 'alphatrade.com',
  displayName: null,
  status: 'suspended',
  secretPrefix: null,
  hotmartConfigured: false,
  logoUrl: null,
  activationDate: null,
  createdAt: '2024-04-01T12:00:00Z',
}

export const ownerMaria: OwnerItem = {
  id: '0190c0de-0000-7000-8000-0000000000f1',
  tenantId: tenantA.id,
  tenantName: tenantA.name,
  name: 'Maria Souza',
  email: 'maria@robosdojoao.com.br',
  phone: '(11) 98888-7777',
  role: 'financial',
  isActive: true,
  emailVerified: false,
  createdAt: '2024-03-06T12:00:00Z',
}

export const robotScalper: RobotItem = {
  id: '0190c0de-0000-7000-8000-0000000000e1',
  tenantId: tenantA.id,
  tenant: { id: tenantA.id, name: tenantA.name, url: tenantA.url },
  name: 'Scalper Pro',
  platform: 'MT5',
  version: '2.1.0',
  active: true,
  description: null,
  filePath: null,
  logoUrl: null,
  activeVersion: null,
  createdAt: '2024-03-07T12:00:00Z',
  webhookUrl: `https://${tenantA.url}/api/webhooks/hotmart/robot/0190c0de-0000-7000-8000-0000000000e1`,
  webhookVerifiedAt: '2024-03-08T15:30:00Z',
  trialDays: 7,
}

export const auditTenantUpdate: AuditItem = {
  id: '0190c0de-0000-7000-8000-0000000000d1',
  tenantId: tenantA.id,
  tenantName: tenantA.name,
  actorKind: 'admin',
  actorId: '0190c0de-0000-7000-8000-000000000001',
  actorName: 'Ana Admin',
  action: 'update',
  entity: 'tenant',
  entityId: tenantA.id,
  changes: { status: { before: 'active', after: 'suspended' }, name: { before: 'Robos do Joao', after: 'Robôs do João' } },
  ip: '203.0.113.7',
  createdAt: '2024-05-02T14:05:00Z',
}

/**
 * jsdom lacks the pointer-capture and scrolling calls Radix Select makes when it opens.
 * Call once per test file, before opening a select.
 */
export function supportRadixSelect() {
  const proto = window.HTMLElement.prototype as HTMLElement & Record<string, unknown>
  proto.hasPointerCapture ??= () => false
  proto.setPointerCapture ??= () => {}
  proto.releasePointerCapture ??= () => {}
  proto.scrollIntoView ??= () => {}
}

/** Opens the select labelled `label` and picks `option`. */
export async function chooseOption(label: string, option: string) {
  await userEvent.click(screen.getByLabelText(label))
  await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }))
}

/** The JSON body of a request the page sent. */
export async function jsonOf(request: Request): Promise<unknown> {
  return JSON.parse(await request.clone().text())
}
