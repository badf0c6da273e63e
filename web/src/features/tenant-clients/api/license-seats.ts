import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { tenantClientKeys } from '@/lib/query-keys/tenant-clients'
import { useInvalidate } from './invalidate'

export type LicenseSeats = components['schemas']['LicenseSeats']
export type SeatItem = components['schemas']['SeatItem']
export type LicenseSeatPolicyRequest = components['schemas']['LicenseSeatPolicyRequest']

/** Under the license's detail key: a license write (switch account, edit) refreshes its seats too. */
const seatsKey = (licenseId: string) => [...tenantClientKeys.licenses.detail(licenseId), 'seats'] as const

/** The accounts a license is bound to, how many seats they take of how many, and the rules that count them. */
export const licenseSeatsQuery = (licenseId: string) =>
  queryOptions({
    queryKey: seatsKey(licenseId),
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/licenses/{id}/seats', { params: { path: { id: licenseId } }, signal })),
  })

/**
 * The answer of a seat write is the license's seats afterwards; the license lists refresh as well, since freeing its
 * first account changes the "Conta MT" they show.
 */
function useSeatsWrite(licenseId: string) {
  const queryClient = useQueryClient()
  const invalidate = useInvalidate()
  return (seats: LicenseSeats) => {
    queryClient.setQueryData(seatsKey(licenseId), seats)
    return invalidate(tenantClientKeys.licenses.all, tenantClientKeys.clients.details)
  }
}

/** Unbinds one account (the owner frees without the buyer's limits); the robot on it is denied at its next check. */
export function useFreeLicenseSeat(licenseId: string) {
  const written = useSeatsWrite(licenseId)
  return useMutation({
    mutationFn: (seatId: string) => unwrap(api.DELETE('/api/tenant/licenses/{id}/seats/{seatId}', { params: { path: { id: licenseId, seatId } } })),
    onSuccess: written,
  })
}

/** Sets or clears (null) the license's own seat count and demo rule. */
export function useSaveLicenseSeatPolicy(licenseId: string) {
  const written = useSeatsWrite(licenseId)
  return useMutation({
    mutationFn: (body: LicenseSeatPolicyRequest) => unwrap(api.PUT('/api/tenant/licenses/{id}/seat-policy', { params: { path: { id: licenseId } }, body })),
    onSuccess: written,
  })
}
