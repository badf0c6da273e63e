import { describe, expect, it, vi } from 'vitest'
import createClient from 'openapi-fetch'
import type { paths } from './schema'
import { ApiError, errorMessage, tenantMiddleware, unwrap, type TenantMiddlewareOptions } from './client'
import { CLIENT_TENANT_KEY, readClientTenant } from './tenant-context'

function clientWith(options: Partial<TenantMiddlewareOptions>, respond: (request: Request) => Response = () => Response.json({})) {
  const requests: Request[] = []
  const fetch = vi.fn(async (request: Request) => {
    requests.push(request)
    return respond(request)
  })
  const client = createClient<paths>({ baseUrl: 'http://localhost:5173', fetch })
  client.use(
    tenantMiddleware({
      portal: () => 'admin',
      developmentHost: () => true,
      tenantSecret: () => null,
      clientTenant: () => null,
      ...options,
    }),
  )
  return { client, requests }
}

describe('tenant middleware', () => {
  it('sends the stored tenant secret on the tenant portal', async () => {
    const { client, requests } = clientWith({ portal: () => 'tenant', tenantSecret: () => 'key-123' })
    await client.GET('/api/tenant-auth/me')
    expect(requests[0]!.headers.get('X-Tenant-Secret')).toBe('key-123')
  })

  it('sends no X-Tenant-Secret when no key is stored: the tenant pass cookie stands for it', async () => {
    const { client, requests } = clientWith({ portal: () => 'tenant', tenantSecret: () => null })
    await client.GET('/api/tenant-auth/me')
    await client.GET('/api/tenant/onboarding')
    expect(requests.map((request) => request.headers.has('X-Tenant-Secret'))).toEqual([false, false])
  })

  it('reads the stored key per call, so a key forgotten at login stops going at once', async () => {
    let stored: string | null = 'chave-antiga'
    const { client, requests } = clientWith({ portal: () => 'tenant', tenantSecret: () => stored })
    await client.GET('/api/tenant-auth/me')
    stored = null
    await client.GET('/api/tenant-auth/me')
    expect(requests.map((request) => request.headers.get('X-Tenant-Secret'))).toEqual(['chave-antiga', null])
  })

  it('does not send a secret from the other portals', async () => {
    const { client, requests } = clientWith({ portal: () => 'client', tenantSecret: () => 'key-123' })
    await client.GET('/api/client-auth/me')
    expect(requests[0]!.headers.has('X-Tenant-Secret')).toBe(false)
  })

  it('names the tenant in client-auth and public calls on development hosts', async () => {
    const { client, requests } = clientWith({ portal: () => 'client', clientTenant: () => 'loja.example.com' })
    await client.POST('/api/client-auth/login', { body: { email: 'a@b.co', password: 'x' } })
    await client.GET('/api/public/tenant-branding', { params: { query: { secret: 's' } } })
    const login = new URL(requests[0]!.url)
    expect(login.pathname).toBe('/api/client-auth/login')
    expect(login.searchParams.get('tenant')).toBe('loja.example.com')
    expect(await requests[0]!.json()).toEqual({ email: 'a@b.co', password: 'x' })
    expect(requests[0]!.headers.get('Content-Type')).toBe('application/json')
    const branding = new URL(requests[1]!.url)
    expect(branding.searchParams.get('tenant')).toBe('loja.example.com')
    expect(branding.searchParams.get('secret')).toBe('s')
  })

  it('leaves production hosts alone: there the host names the tenant', async () => {
    const { client, requests } = clientWith({ portal: () => 'client', developmentHost: () => false, clientTenant: () => 'loja' })
    await client.GET('/api/client-auth/me')
    expect(new URL(requests[0]!.url).searchParams.has('tenant')).toBe(false)
  })

  it('sends no JSON content type without a body', async () => {
    const { client, requests } = clientWith({}, () => new Response(null, { status: 204 }))
    await client.POST('/api/auth/logout')
    expect(requests[0]!.headers.has('Content-Type')).toBe(false)
  })
})

describe('unwrap', () => {
  it('throws the server message and field errors', async () => {
    const { client } = clientWith({}, () => Response.json({ message: 'Usuário ou senha inválidos', fields: { username: 'x' } }, { status: 401 }))
    const failure = await unwrap(client.POST('/api/auth/login', { body: { username: 'abc', password: 'abcdef' } })).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(ApiError)
    expect((failure as ApiError).status).toBe(401)
    expect((failure as ApiError).fields).toEqual({ username: 'x' })
    expect(errorMessage(failure, 'fallback')).toBe('Usuário ou senha inválidos')
  })

  it('uses the fallback for network failures', () => {
    expect(errorMessage(new TypeError('Failed to fetch'), 'E-mail ou senha incorretos')).toBe('E-mail ou senha incorretos')
  })
})

describe('readClientTenant', () => {
  it('remembers ?tenant= so it survives navigation', () => {
    expect(readClientTenant('?tenant=loja.example.com')).toBe('loja.example.com')
    expect(localStorage.getItem(CLIENT_TENANT_KEY)).toBe('loja.example.com')
    expect(readClientTenant('')).toBe('loja.example.com')
    expect(readClientTenant('?tenant=outra')).toBe('outra')
  })
})
