import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { tenantCommerceKeys } from '@/lib/query-keys/tenant-commerce'

export type ManualSaleRequest = components['schemas']['ManualSaleRequest']
export type ManualSaleRecorded = components['schemas']['ManualSaleRecorded']

/**
 * A key for one submission of the "Registrar venda" form: the server records one sale per key, so sending the
 * form again (a double click, a retry after a lost answer) cannot sell twice. `crypto.randomUUID` needs a secure
 * context; a plain-HTTP development host gets the same 128 random bits from `getRandomValues`.
 */
export function newSubmissionKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/**
 * Records a sale paid outside Hotmart (POST /api/tenant/manual-sales). It creates or links the client and a
 * license, so the sales, clients and licenses screens and the dashboard are refreshed.
 */
export function useRecordManualSale() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ key, body }: { key: string; body: ManualSaleRequest }) =>
      unwrap(api.POST('/api/tenant/manual-sales', { params: { header: { 'Idempotency-Key': key } }, body })),
    onSuccess: () =>
      Promise.all(
        [tenantCommerceKeys.sales.all, tenantCommerceKeys.stats, ['tenant', 'clients'], ['tenant', 'licenses']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  })
}
