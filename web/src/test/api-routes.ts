/**
 * A fake API for component tests (imported by tests only): fetch is stubbed with `apiRoutes`, and a test reads what
 * was sent with `requestsTo`.
 */

/** A list page as the API answers it. */
export function page<T>(items: T[], extra: { total?: number; totalCapped?: boolean; page?: number; pageSize?: number } = {}) {
  return { items, total: extra.total ?? items.length, page: extra.page ?? 1, pageSize: extra.pageSize ?? 20, totalCapped: extra.totalCapped ?? false }
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
