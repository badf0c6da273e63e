import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { isBacktestLive } from '@/components/backtest/backtest-format'

export type BacktestView = components['schemas']['BacktestView']
export type BacktestList = components['schemas']['BacktestList']
export type StartBacktest = components['schemas']['StartBacktest']
export type TesterSettings = components['schemas']['TesterSettings']
export type TesterSettingsInput = components['schemas']['TesterSettingsInput']

/** How often a list with a run waiting or running is asked again. */
export const LIVE_POLL_MS = 3_000

/**
 * Where a panel's runs come from: a robot version (the owner can start one) or a factory project's version (its
 * gate's runs, read-only apart from cancelling).
 */
export type BacktestSource = { kind: 'robot-version'; robotId: string; versionId: string } | { kind: 'factory-version'; projectId: string; versionId: string }

/** Backtests (decision 0016) of the tenant's robot versions and factory projects, and the projects' tester settings. */
export const backtestKeys = {
  all: ['tenant', 'backtests'] as const,
  runs: (source: BacktestSource) =>
    [...backtestKeys.all, 'runs', source.kind, source.kind === 'robot-version' ? source.robotId : source.projectId, source.versionId] as const,
  testerSettings: (projectId: string) => [...backtestKeys.all, 'tester-settings', projectId] as const,
}

/** Asked again every few seconds while one of its runs waits or runs. */
function pollWhileLive(data: BacktestList | undefined): number | false {
  return data?.items.some((run) => isBacktestLive(run.status)) ? LIVE_POLL_MS : false
}

/** A version's runs, newest first (at most 20), with the month's tester minutes. */
export const backtestsQuery = (source: BacktestSource) =>
  queryOptions({
    queryKey: backtestKeys.runs(source),
    queryFn: ({ signal }) =>
      source.kind === 'robot-version'
        ? unwrap(
            api.GET('/api/tenant/robots/{robotId}/versions/{versionId}/backtests', {
              params: { path: { robotId: source.robotId, versionId: source.versionId } },
              signal,
            }),
          )
        : unwrap(
            api.GET('/api/tenant/robot-projects/{id}/versions/{versionId}/backtests', {
              params: { path: { id: source.projectId, versionId: source.versionId } },
              signal,
            }),
          ),
    refetchInterval: (query) => pollWhileLive(query.state.data),
  })

/** After a write: every list of runs (the robot versions list carries each version's newest run, see `onChanged`). */
function useInvalidateRuns(onChanged?: () => void) {
  const queryClient = useQueryClient()
  return () => {
    onChanged?.()
    return queryClient.invalidateQueries({ queryKey: backtestKeys.all })
  }
}

/**
 * Asks for a run of a robot version: 201 queued, 200 the run already waiting for this file, 429 when the month's
 * minutes are gone, 400 with each profile field's message.
 */
export function useStartBacktest(onChanged?: () => void) {
  const invalidate = useInvalidateRuns(onChanged)
  return useMutation({
    mutationFn: async ({ robotId, versionId, body }: { robotId: string; versionId: string; body: StartBacktest }) => {
      const result = await api.POST('/api/tenant/robots/{robotId}/versions/{versionId}/backtests', { params: { path: { robotId, versionId } }, body })
      const run = await unwrap(Promise.resolve(result))
      // 201: queued now; 200: the run already waiting or running for this file.
      return { run, queued: result.response.status === 201 }
    },
    onSuccess: invalidate,
  })
}

/** Cancels a waiting or running run (409 once it is over). */
export function useCancelBacktest(onChanged?: () => void) {
  const invalidate = useInvalidateRuns(onChanged)
  return useMutation({
    mutationFn: (id: string) => unwrap(api.POST('/api/tenant/backtests/{id}/cancel', { params: { path: { id } } })),
    onSuccess: invalidate,
  })
}

/** Shows a completed run on the robot's sales page, or takes it off (409 unless completed). */
export function useShowOnSalesPage(onChanged?: () => void) {
  const invalidate = useInvalidateRuns(onChanged)
  return useMutation({
    mutationFn: ({ id, onSalesPage }: { id: string; onSalesPage: boolean }) =>
      unwrap(api.PATCH('/api/tenant/backtests/{id}', { params: { path: { id } }, body: { onSalesPage } })),
    onSuccess: invalidate,
  })
}

/** A factory project's tester profile and thresholds (the platform's defaults until set), with the month's minutes. */
export const testerSettingsQuery = (projectId: string) =>
  queryOptions({
    queryKey: backtestKeys.testerSettings(projectId),
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/robot-projects/{id}/tester-settings', { params: { path: { id: projectId } }, signal })),
  })

/** Sets a factory project's tester profile and thresholds; the answer replaces the cached settings. */
export function useSaveTesterSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ projectId, body }: { projectId: string; body: TesterSettingsInput }) =>
      unwrap(api.PUT('/api/tenant/robot-projects/{id}/tester-settings', { params: { path: { id: projectId } }, body })),
    onSuccess: (settings, { projectId }) => queryClient.setQueryData(backtestKeys.testerSettings(projectId), settings),
  })
}
