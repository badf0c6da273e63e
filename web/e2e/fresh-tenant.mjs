// A tenant of its own for a journey that changes what the demo tenant's other journeys rely on (its hottok, its mail,
// its checklist): the platform admin creates it with its owner through the API, and the owner's browser accepts the
// invitation (which signs in and gives the browser the tenant pass, so nobody types the key). Not a test file.
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { request } from 'playwright-core'
import { baseUrl, env } from './support.mjs'

/** The admin's API session (a request context of its own, never a page). */
export async function adminApi() {
  const api = await request.newContext({ baseURL: baseUrl })
  const login = await api.post('/api/auth/login', { data: { username: env.E2E_ADMIN_USER, password: env.E2E_ADMIN_PASSWORD } })
  assert.equal(login.status(), 200, await login.text())
  return api
}

/**
 * Creates a tenant named `name` with its owner and answers what the journey needs: the tenant's id, the owner, and
 * the invitation token. `mailSuspended`: the admin suspends the tenant's mail at once (every message recorded as
 * refused, with `suspendReason`), the nearest the e2e server (which has the platform's Resend stand-in) comes to a
 * tenant without a sender.
 */
export async function createTenantWithOwner({ tag, name, mailSuspended = false, suspendReason = 'Envio suspenso para o teste do primeiro dia.' }) {
  const admin = await adminApi()
  try {
    const owner = { name: `Dona ${tag}`, email: `dona-${tag}@example.com`, password: `senha-${tag}` }
    const created = await admin.post('/api/tenants', {
      // The key exists (and stays a secret): nobody here types it.
      data: { name, url: `${tag}.example.com`, secretHash: randomBytes(32).toString('hex'), ownerName: owner.name, ownerEmail: owner.email, status: 'active' },
    })
    assert.equal(created.status(), 201, await created.text())
    const answer = await created.json()
    const link = answer.ownerInvitation?.inviteLink
    assert.ok(link, `an invitation link: ${JSON.stringify(answer)}`)
    if (mailSuspended) {
      const suspended = await admin.put(`/api/tenants/${answer.id}/mail`, { data: { suspended: true, reason: suspendReason } })
      assert.equal(suspended.status(), 200, await suspended.text())
    }
    return { id: answer.id, name, owner, token: new URL(link).searchParams.get('token') }
  } finally {
    await admin.dispose()
  }
}

/** The owner accepts the invitation in this page's browser (signed in, tenant pass kept) and opens the dashboard. */
export async function acceptAsOwner(page, tenant) {
  const accepted = await page.request.post('/api/tenant-auth/accept-invitation', { data: { token: tenant.token, newPassword: tenant.owner.password } })
  assert.equal(accepted.status(), 200, await accepted.text())
  await page.goto('/tenant/dashboard')
  await page.waitForURL((url) => url.pathname === '/tenant/dashboard')
}

/** A robot of the signed-in owner's tenant, made through the API (no version yet). Answers its id. */
export async function createRobot(page, name) {
  const created = await page.request.post('/api/tenant/robots', {
    data: { name, description: 'Robô do teste do primeiro dia.', platform: 'MT5', active: true, logoUrl: null, trialDays: 7 },
  })
  assert.equal(created.status(), 201, await created.text())
  return (await created.json()).id
}

/** Bytes that pass for a compiled robot (binary, no known foreign format). */
export function fakeEx5(seed) {
  return Buffer.from(Array.from({ length: 4096 }, (_, i) => ((i + seed) * 7727) % 251))
}

/** Uploads `bytes` as the robot's version 1.0.0: a robot's first version is its active one. */
export async function uploadFirstVersion(page, robotId, bytes) {
  const upload = await page.request.post(`/api/tenant/robots/${robotId}/versions/upload`, {
    headers: { 'x-requested-with': 'e2e' },
    multipart: { file: { name: 'Robo.ex5', mimeType: 'application/octet-stream', buffer: bytes }, version: '1.0.0', notes: 'Primeira versão' },
  })
  assert.equal(upload.status(), 201, await upload.text())
}
