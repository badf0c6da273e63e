import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { compileKeys } from '@/lib/query-keys/admin-compile'

export type CompileQueue = components['schemas']['CompileQueueView']
export type TenantQueueItem = components['schemas']['TenantQueueItem']
export type PlatformAlert = components['schemas']['AlertItem']

/** How often the queue asks again: waits grow by the minute, and a stalled job should not go unseen for long. */
export const QUEUE_REFRESH_MS = 10_000

/** The jobs waiting and compiling per tenant (longest wait first) and the alerts not yet seen. */
export const compileQueueQuery = () =>
  queryOptions({
    queryKey: compileKeys.queue,
    queryFn: ({ signal }) => unwrap(api.GET('/api/compile-queue', { signal })),
    refetchInterval: QUEUE_REFRESH_MS,
  })

/** Marks an alert as seen: it leaves the screen at once, without waiting for the next refresh. */
export function useAcknowledgeAlert() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => unwrap(api.POST('/api/platform-alerts/{id}/acknowledge', { params: { path: { id } } })),
    onSuccess: (_, id) => {
      queryClient.setQueryData<CompileQueue>(compileKeys.queue, (queue) => queue && { ...queue, alerts: queue.alerts.filter((alert) => alert.id !== id) })
      return queryClient.invalidateQueries({ queryKey: compileKeys.queue })
    },
  })
}
