import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { clientAreaKeys } from './keys'

export type LicenseSeats = components['schemas']['LicenseSeats']
export type SeatItem = components['schemas']['SeatItem']
export type NewSeatRequest = components['schemas']['NewSeatRequest']

/** The accounts the buyer's license is bound to and its seats. */
export const clientLicenseSeatsQuery = (licenseId: string) =>
  queryOptions({
    queryKey: clientAreaKeys.seats(licenseId),
    queryFn: ({ signal }) => unwrap(api.GET('/api/client/licenses/{id}/seats', { params: { path: { id: licenseId } }, signal })),
  })

/** The seats as the write left them; the cards refresh too (the license's first account may have changed). */
function useSeatsWritten(licenseId: string) {
  const queryClient = useQueryClient()
  return (seats: LicenseSeats) => {
    queryClient.setQueryData(clientAreaKeys.seats(licenseId), seats)
    return queryClient.invalidateQueries({ queryKey: clientAreaKeys.licenses })
  }
}

/** Frees one account: an account change under the seller's limits (429 with the limit or when it opens again). */
export function useFreeClientSeat(licenseId: string) {
  const written = useSeatsWritten(licenseId)
  return useMutation({
    mutationFn: (seatId: string) => unwrap(api.DELETE('/api/client/licenses/{id}/seats/{seatId}', { params: { path: { id: licenseId, seatId } } })),
    onSuccess: written,
  })
}

/** Binds one more account (robots confirmed in the portal); 409 when the seats are full or the kind is refused. */
export function useAddClientSeat(licenseId: string) {
  const written = useSeatsWritten(licenseId)
  return useMutation({
    mutationFn: (body: NewSeatRequest) => unwrap(api.POST('/api/client/licenses/{id}/seats', { params: { path: { id: licenseId } }, body })),
    onSuccess: written,
  })
}
