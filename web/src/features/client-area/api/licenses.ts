import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { fileNameFromDisposition, saveBlob } from '@/lib/download'
import { clientAreaKeys } from './keys'

export type ClientLicenseItem = components['schemas']['ClientLicenseItem']
export type ClientLicenses = components['schemas']['ClientLicenses']
export type LicenseStatus = components['schemas']['LicenseStatus']

/**
 * How often the list is fetched again while the page is visible: each card shows its robot's last license check
 * ("Conectado: conta 123 · agora"), which changes when the robot, in the buyer's MetaTrader, checks in.
 */
export const LICENSES_REFRESH_MS = 30_000

/**
 * The client's licenses (newest first) and the URL MetaTrader must allow for the robots' license checks. Live while
 * the page is visible; a hidden tab asks nothing (it catches up on its next interval once visible again).
 */
export const clientLicensesQuery = () =>
  queryOptions({
    queryKey: clientAreaKeys.licenses,
    queryFn: ({ signal }) => unwrap(api.GET('/api/client/licenses', { signal })),
    refetchInterval: LICENSES_REFRESH_MS,
    refetchIntervalInBackground: false,
  })

export function useClientLicenses() {
  return useQuery(clientLicensesQuery())
}

/** Binds a license to another MetaTrader account; 403 when the license is not usable, 429 past the tenant's change limit. */
export function useChangeLicenseAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, accountNumber }: { id: string; accountNumber: string }) =>
      unwrap(api.PATCH('/api/client/licenses/{id}/account', { params: { path: { id } }, body: { accountNumber } })),
    onSuccess: (updated) => {
      // The card shows the new account at once; the refetch then confirms the whole list.
      queryClient.setQueryData<ClientLicenses>(clientAreaKeys.licenses, (list) =>
        list && { ...list, licenses: list.licenses.map((license) => (license.id === updated.id ? updated : license)) },
      )
      return queryClient.invalidateQueries({ queryKey: clientAreaKeys.licenses })
    },
  })
}

/** The name a downloaded file gets when the server names none: the robot's name with the MetaTrader extension. */
export function fallbackFileName(license: Pick<ClientLicenseItem, 'robotName'>): string {
  const base = license.robotName?.trim().replace(/[\\/:*?"<>|]+/g, '_') || 'robo'
  return `${base}.ex5`
}

/** The answer while the license's personal copy (decision 0015) is still being compiled: the download is asked again. */
export type PersonalBuildProgress = components['schemas']['PersonalBuildProgress']

/** Bounds of the wait between two asks, whatever the server says: never a busy loop, never a stalled screen. */
const MIN_RETRY_SECONDS = 1
const MAX_RETRY_SECONDS = 30
/**
 * How long past the server's own fallback the client keeps asking. The server hands the shared file at `fallbackAt`,
 * so a personal copy still "preparing" well after it means something is stuck: the client stops rather than poll
 * forever.
 */
const GIVE_UP_AFTER_FALLBACK_MS = 2 * 60_000

export const PERSONAL_BUILD_STUCK = 'Sua cópia pessoal está demorando mais que o esperado. Tente novamente em alguns minutos.'

/** The personal copy was still "preparing" long after the server's fallback time. */
export class PersonalBuildStuckError extends Error {
  constructor() {
    super(PERSONAL_BUILD_STUCK)
    this.name = 'PersonalBuildStuckError'
  }
}

/** Seconds to wait before asking again: the body's `retryAfterSeconds`, else the Retry-After header, within bounds. */
export function retryDelaySeconds(progress: Pick<PersonalBuildProgress, 'retryAfterSeconds'>, retryAfterHeader: string | null): number {
  const seconds = Number.isFinite(progress.retryAfterSeconds) ? progress.retryAfterSeconds : Number(retryAfterHeader)
  if (!Number.isFinite(seconds)) return MIN_RETRY_SECONDS
  return Math.min(MAX_RETRY_SECONDS, Math.max(MIN_RETRY_SECONDS, seconds))
}

/** How far along the wait is, 0 to 100, from the time the build was queued to the time the server stops waiting. */
export function preparationPercent(progress: Pick<PersonalBuildProgress, 'queuedAt' | 'fallbackAt'>, now: number): number {
  const start = Date.parse(progress.queuedAt)
  const end = Date.parse(progress.fallbackAt)
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) return 0
  return Math.min(100, Math.max(0, ((now - start) / (end - start)) * 100))
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop)
      resolve()
    }, ms)
    function stop() {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    signal?.addEventListener('abort', stop, { once: true })
  })
}

export interface DownloadOptions {
  /** Stops asking (the card was closed, the client left the page, or cancelled). */
  signal?: AbortSignal
  /** Each 202: the server's progress of the personal copy. */
  onPreparing?: (progress: PersonalBuildProgress) => void
}

/**
 * Downloads the robot's active version and hands it to the browser; resolves to the saved file's name.
 * Fetched through the API client (which sends the session cookie and surfaces the server's 403/404 message)
 * rather than followed as a link, which would replace the portal with a JSON error page on failure.
 * While the license's personal copy is compiled the server answers 202 with its progress: the download is asked
 * again after `retryAfterSeconds`, until the file comes (the personal copy, or the shared one at `fallbackAt`).
 */
export async function downloadLicense(license: Pick<ClientLicenseItem, 'id' | 'robotName'>, { signal, onPreparing }: DownloadOptions = {}): Promise<string> {
  let giveUpAt: number | null = null
  for (;;) {
    const result = await api.GET('/api/client/download/{licenseId}', { params: { path: { licenseId: license.id } }, parseAs: 'blob', signal })
    signal?.throwIfAborted()
    const blob = await unwrap(Promise.resolve(result))
    if (result.response.status !== 202) {
      const fileName = fileNameFromDisposition(result.response.headers.get('Content-Disposition')) ?? fallbackFileName(license)
      saveBlob(blob, fileName)
      return fileName
    }
    // parseAs 'blob' applies to every 2xx: the 202's JSON body is read from the blob.
    const progress = JSON.parse(await blob.text()) as PersonalBuildProgress
    signal?.throwIfAborted()
    // Measured on this machine's clock from the server's stated wait, so a skewed clock cannot cut it short.
    giveUpAt ??= Date.now() + Math.max(0, Date.parse(progress.fallbackAt) - Date.parse(progress.queuedAt) || 0) + GIVE_UP_AFTER_FALLBACK_MS
    if (Date.now() > giveUpAt) throw new PersonalBuildStuckError()
    onPreparing?.(progress)
    await wait(retryDelaySeconds(progress, result.response.headers.get('Retry-After')) * 1000, signal)
  }
}

/** `downloadLicense` as a mutation (for its pending state); the list is refetched because the "new version" mark changes. */
export function useDownloadLicense() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ license, ...options }: { license: Pick<ClientLicenseItem, 'id' | 'robotName'> } & DownloadOptions) => downloadLicense(license, options),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientAreaKeys.licenses }),
  })
}
