import * as React from 'react'
import { render } from '@testing-library/react'
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query'
import { createMemoryRouter, createRoutesFromElements, Outlet, Route, RouterProvider, useLocation } from 'react-router-dom'
import { vi } from 'vitest'
import { Toaster } from '@/components/ui/toaster'

function CurrentPath() {
  const { pathname } = useLocation()
  return <output data-testid="current-path">{pathname}</output>
}

/**
 * Renders UI with a fresh query cache, a router at `path` and the toaster. A data router, as the app's, so pages
 * that hold navigation (`useBlocker`) render as they do in the browser. `queryData` is in the cache from the first
 * render on (e.g. the signed-in session a page reads its role from). `initialEntry` opens `path` with a query string.
 */
export function renderWithProviders(
  ui: React.ReactElement,
  {
    path = '/',
    routes,
    queryData = [],
    initialEntry = path,
  }: { path?: string; routes?: React.ReactNode; queryData?: ReadonlyArray<readonly [QueryKey, unknown]>; initialEntry?: string } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  for (const [key, data] of queryData) queryClient.setQueryData(key, data)
  const router = createMemoryRouter(
    createRoutesFromElements(
      <Route
        element={
          <>
            <Outlet />
            <CurrentPath />
          </>
        }
      >
        <Route path={path} element={ui} />
        {routes}
        <Route path="*" element={null} />
      </Route>,
    ),
    { initialEntries: [initialEntry] },
  )
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  )
  return { ...result, queryClient, router }
}

/** `children` inside a data router at `path`, as the app renders a portal: one splat route, the portal's own `<Routes>` inside. */
export function InDataRouter({ path, children }: { path: string; children: React.ReactNode }) {
  const [router] = React.useState(() => createMemoryRouter([{ path: '*', element: children }], { initialEntries: [path] }))
  return <RouterProvider router={router} />
}

export type FetchHandler = (request: Request) => Response | Promise<Response>

/** Replaces fetch with a handler; returns the spy to inspect the requests made. */
export function mockFetch(handler: FetchHandler) {
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => handler(input instanceof Request ? input : new Request(input, init)))
  vi.stubGlobal('fetch', spy)
  return spy
}

export function requestOf(spy: ReturnType<typeof mockFetch>, index = 0): Request {
  return spy.mock.calls[index]![0] as Request
}
