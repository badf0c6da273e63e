import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components, paths } from '@/lib/api/schema'
import { presentParams } from '@/lib/api/present-params'
import { tenantClientKeys } from '@/lib/query-keys/tenant-clients'
import { useInvalidate } from './invalidate'

export type OwnerLicenseItem = components['schemas']['OwnerLicenseItem']
export type OwnerLicenseRequest = components['schemas']['OwnerLicenseRequest']
export type LicenseStatus = components['schemas']['LicenseStatus']
export type InstallationItem = components['schemas']['InstallationItem']
export type LicenseListParams = NonNullable<paths['/api/tenant/licenses']['get']['parameters']['query']>

/**
 * A new license: client, robot, an optional account, active or trial, and an optional end day (a trial without one
 * runs the robot's trial length); activated now.
 */
export type LicenseCreateBody = Pick<OwnerLicenseRequest, 'clientId' | 'robotId' | 'accountNumber' | 'status' | 'expirationDate'>
/** An edit: client, status, account and, when changed, the end day; the robot and the activation are fixed. */
export type LicenseUpdateBody = Pick<OwnerLicenseRequest, 'clientId' | 'status' | 'accountNumber'> & Partial<Pick<OwnerLicenseRequest, 'expirationDate'>>

/** A page of the owner's licenses with their active installation counts (q: client name or e-mail, or robot name). */
export const tenantLicensesQuery = (params: LicenseListParams) => {
  const query = presentParams(params)
  return queryOptions({
    queryKey: tenantClientKeys.licenses.list(query),
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/licenses', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  })
}

/** One license with every MetaTrader account its robot was seen running on. */
export const licenseDetailQuery = (id: string) =>
  queryOptions({
    queryKey: tenantClientKeys.licenses.detail(id),
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/licenses/{id}', { params: { path: { id } }, signal })),
  })

/** A license write changes the license list and the details page of its client (or clients, when it moves). */
function useInvalidateLicenses() {
  const invalidate = useInvalidate()
  return () => invalidate(tenantClientKeys.licenses.all, tenantClientKeys.clients.details)
}

/** Creates a license (no id) or edits one (the robot cannot change, and the server refuses a different one). */
export function useSaveLicense() {
  const invalidated = useInvalidateLicenses()
  return useMutation({
    // The generated type lists every field because the server defaults them.
    mutationFn: (save: { id: string; body: LicenseUpdateBody } | { id?: undefined; body: LicenseCreateBody }) =>
      save.id === undefined
        ? unwrap(api.POST('/api/tenant/licenses', { body: save.body as OwnerLicenseRequest }))
        : unwrap(api.PATCH('/api/tenant/licenses/{id}', { params: { path: { id: save.id } }, body: save.body as OwnerLicenseRequest })),
    onSuccess: invalidated,
  })
}

/** Binds a license to another MetaTrader account; the old account's next check is refused. */
export function useSwitchLicenseAccount() {
  const invalidated = useInvalidateLicenses()
  return useMutation({
    mutationFn: ({ id, accountNumber }: { id: string; accountNumber: string }) =>
      unwrap(api.PATCH('/api/tenant/licenses/{id}/switch-account', { params: { path: { id } }, body: { accountNumber } })),
    onSuccess: invalidated,
  })
}
