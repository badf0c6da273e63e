import createClient, { type Middleware } from 'openapi-fetch'
import type { paths } from './schema'
import type { ErrorBody } from './types'
import { currentPortal, onDevelopmentHost, type PortalKind } from '@/lib/portal'
import { readClientTenant, readTenantSecret } from './tenant-context'

/** A non-2xx answer of the API, carrying the server's pt-BR message when it sent one. */
export class ApiError extends Error {
  readonly status: number
  readonly fields: Record<string, string>
  /** False when the body carried no message (proxy error page, empty body): screens then use their own text. */
  readonly fromServer: boolean

  constructor(status: number, message: string, fields: Record<string, string> = {}, fromServer = true) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.fields = fields
    this.fromServer = fromServer
  }
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ErrorBody).message === 'string'
}

/** Message to show a person: the server's text when there is one, else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.fromServer && error.message.trim()) return error.message
  return fallback
}

interface ApiResult<D> {
  data?: D
  error?: unknown
  response: Response
}

/** Resolves to the response body, or throws ApiError with the server's message. */
export async function unwrap<D>(call: Promise<ApiResult<D>>): Promise<D> {
  const { data, error, response } = await call
  if (!response.ok) {
    const body = isErrorBody(error) ? error : null
    throw new ApiError(response.status, body?.message ?? `${response.status}: ${response.statusText}`, body?.fields ?? {}, body !== null)
  }
  return data as D
}

/** Paths whose tenant a development host cannot tell from the host name. */
const TENANT_SCOPED_CLIENT_PATHS = ['/api/client-auth/', '/api/public/']

/**
 * Same request, other URL. The body is copied as bytes: handing the original Request over as
 * the init would turn its body into a stream, which browsers refuse to send over HTTP/1.1.
 */
async function withUrl(request: Request, url: URL): Promise<Request> {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  const body = hasBody ? await request.arrayBuffer() : undefined
  return new Request(url.toString(), {
    method: request.method,
    headers: request.headers,
    body: body && body.byteLength > 0 ? body : undefined,
    credentials: request.credentials,
    cache: request.cache,
    redirect: request.redirect,
    referrer: request.referrer,
    integrity: request.integrity,
    keepalive: request.keepalive,
    signal: request.signal,
  })
}

export interface TenantMiddlewareOptions {
  portal: () => PortalKind
  developmentHost: () => boolean
  tenantSecret: () => string | null
  clientTenant: () => string | null
}

export function tenantMiddleware(options: TenantMiddlewareOptions): Middleware {
  return {
    async onRequest({ request }) {
      const portal = options.portal()
      if (portal === 'tenant') {
        const secret = options.tenantSecret()
        if (secret && !request.headers.has('X-Tenant-Secret')) request.headers.set('X-Tenant-Secret', secret)
        return request
      }
      if (portal === 'client' && options.developmentHost()) {
        const url = new URL(request.url)
        const tenant = options.clientTenant()
        if (tenant && !url.searchParams.has('tenant') && TENANT_SCOPED_CLIENT_PATHS.some((p) => url.pathname.startsWith(p))) {
          url.searchParams.set('tenant', tenant)
          return withUrl(request, url)
        }
      }
      return request
    },
  }
}

function apiBaseUrl(): string {
  // openapi-fetch builds Request objects, which need an absolute URL outside a browser page.
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin
}

export const api = createClient<paths>({
  baseUrl: apiBaseUrl(),
  credentials: 'include',
  // The server refuses state-changing calls that a form on another site could forge: JSON bodies
  // pass on their own, body-less calls (logout) carry this header.
  headers: { 'X-Requested-With': 'fetch' },
  // Looked up per call rather than captured once, so tests and instrumentation can replace fetch.
  fetch: (request) => globalThis.fetch(request),
})

api.use(
  tenantMiddleware({
    portal: () => currentPortal().portal,
    developmentHost: onDevelopmentHost,
    tenantSecret: readTenantSecret,
    clientTenant: () => readClientTenant(),
  }),
)
