/**
 * Test helpers of the admin commerce screens (imported by tests only).
 */
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'

/** jsdom lacks the pointer-capture and scrolling calls Radix Select makes when it opens. */
export function polyfillRadixSelect(): void {
  Element.prototype.hasPointerCapture ??= () => false
  Element.prototype.releasePointerCapture ??= () => {}
  Element.prototype.setPointerCapture ??= () => {}
  Element.prototype.scrollIntoView ??= () => {}
}

/** Opens the select labelled `label` (inside `container`, default the whole page) and picks `option`. */
export async function choose(label: string | RegExp, option: string | RegExp, container: HTMLElement = document.body): Promise<void> {
  await userEvent.click(within(container).getByLabelText(label))
  await userEvent.click(await screen.findByRole('option', { name: option }))
}

/** A list page as the API answers it. */
export function page<T>(items: T[], extra: { total?: number; totalCapped?: boolean; page?: number; pageSize?: number } = {}) {
  return { items, total: extra.total ?? items.length, page: extra.page ?? 1, pageSize: extra.pageSize ?? 20, totalCapped: extra.totalCapped ?? false }
}

export const tenantA = { id: '0190c0de-0000-7000-8000-00000000000a', name: 'Robôs do João', url: 'robosdojoao.com.br' }
export const tenantB = { id: '0190c0de-0000-7000-8000-00000000000b', name: 'Trader Pro', url: 'traderpro.com' }

/** GET /api/tenants as the tenant selects read it. */
export function tenantsPage() {
  return page(
    [tenantA, tenantB].map((tenant) => ({
      ...tenant,
      status: 'active',
      createdAt: '2025-01-01T12:00:00Z',
      activationDate: '2025-01-01T12:00:00Z',
      hotmartConfigured: false,
      secretPrefix: 'abcd',
      displayName: null,
      logoUrl: null,
    })),
    { pageSize: 100 },
  )
}

/** The JSON an error answer carries. */
export function errorBody(status: number, message: string, fields?: Record<string, string>): Response {
  return Response.json(fields ? { message, fields } : { message }, { status })
}

type Handler = (request: Request, url: URL) => Response | Promise<Response>

/**
 * A fetch handler answering by "METHOD /path" (e.g. 'GET /api/clients'); anything else is a 404,
 * so a test notices a request it did not expect.
 */
export function apiRoutes(handlers: Record<string, Handler>) {
  return (request: Request) => {
    const url = new URL(request.url)
    const handler = handlers[`${request.method} ${url.pathname}`]
    return handler ? handler(request, url) : Response.json({ message: `sem rota: ${request.method} ${url.pathname}` }, { status: 404 })
  }
}

/** The requests of a fetch spy that match the method and path. */
export function requestsTo(spy: { mock: { calls: unknown[][] } }, method: string, pathname: string): Request[] {
  return spy.mock.calls
    .map((call) => call[0] as Request)
    .filter((request) => request.method === method && new URL(request.url).pathname === pathname)
}
