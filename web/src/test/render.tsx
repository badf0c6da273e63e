import type * as React from 'react'
import { render } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { vi } from 'vitest'
import { Toaster } from '@/components/ui/toaster'

function CurrentPath() {
  const { pathname } = useLocation()
  return <output data-testid="current-path">{pathname}</output>
}

/** Renders UI with a fresh query cache, a router at `path` and the toaster. */
export function renderWithProviders(ui: React.ReactElement, { path = '/', routes }: { path?: string; routes?: React.ReactNode } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={path} element={ui} />
          {routes}
          <Route path="*" element={null} />
        </Routes>
        <CurrentPath />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  )
  return { ...result, queryClient }
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
