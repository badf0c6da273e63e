import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { fileNameFromDisposition, saveBlob } from '@/lib/download'
import { clientAreaKeys } from './keys'

export type ClientLicenseItem = components['schemas']['ClientLicenseItem']
export type ClientLicenses = components['schemas']['ClientLicenses']
export type LicenseStatus = components['schemas']['LicenseStatus']

/** The client's licenses (newest first) and the URL MetaTrader must allow for the robots' license checks. */
export const clientLicensesQuery = () =>
  queryOptions({
    queryKey: clientAreaKeys.licenses,
    queryFn: ({ signal }) => unwrap(api.GET('/api/client/licenses', { signal })),
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

/**
 * Downloads the robot's active version and hands it to the browser; resolves to the saved file's name.
 * Fetched through the API client (which sends the session cookie and surfaces the server's 403/404 message)
 * rather than followed as a link, which would replace the portal with a JSON error page on failure.
 */
export async function downloadLicense(license: Pick<ClientLicenseItem, 'id' | 'robotName'>): Promise<string> {
  const result = await api.GET('/api/client/download/{licenseId}', { params: { path: { licenseId: license.id } }, parseAs: 'blob' })
  const blob = await unwrap(Promise.resolve(result))
  const fileName = fileNameFromDisposition(result.response.headers.get('Content-Disposition')) ?? fallbackFileName(license)
  saveBlob(blob, fileName)
  return fileName
}

/** `downloadLicense` as a mutation (for its pending state); the list is refetched because the "new version" mark changes. */
export function useDownloadLicense() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: downloadLicense,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientAreaKeys.licenses }),
  })
}
