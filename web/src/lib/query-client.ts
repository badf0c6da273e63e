import { QueryClient } from '@tanstack/react-query'
import { ApiError } from '@/lib/api/client'

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** The answer is the same whoever is signed in (e.g. a tenant's public branding): signing in or out keeps it. */
      public?: boolean
    }
  }
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Retrying a 4xx only repeats the same answer; transient failures get one more try.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 1,
      },
      mutations: { retry: false },
    },
  })
}
