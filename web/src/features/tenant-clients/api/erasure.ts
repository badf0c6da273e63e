import { useMutation } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { fileNameFromDisposition, saveBlob } from '@/lib/download'
import { tenantCommerceKeys } from '@/lib/query-keys/tenant-commerce'
import type { ClientItem } from './clients'
import { useInvalidate } from './invalidate'
import { tenantClientKeys } from '@/lib/query-keys/tenant-clients'

export type ErasureDone = components['schemas']['ErasureDone']

/**
 * Whether the client was already erased. The server keeps the row (its sales stay for the books) but replaces the
 * e-mail with a placeholder on this reserved domain (shared/src/repositories/client_erasure.rs), which no real
 * address can have: `.invalid` never resolves (RFC 2606).
 */
export function isErasedClient(client: Pick<ClientItem, 'email'>): boolean {
  return client.email.endsWith('@anonimo.invalid')
}

/**
 * Downloads everything the tenant keeps about the client as a JSON file (LGPD). Fetched through the API client, not
 * opened as a link, because the owner portal's X-Tenant-Secret header cannot ride on a plain navigation; saved under
 * the server's file name (cliente-<id>.json), which it answers.
 */
export async function exportClientData(clientId: string): Promise<string> {
  const result = await api.GET('/api/tenant/clients/{id}/export', { params: { path: { id: clientId } }, parseAs: 'blob' })
  const blob = (await unwrap(Promise.resolve(result))) as Blob
  const fileName = fileNameFromDisposition(result.response.headers.get('Content-Disposition')) ?? `cliente-${clientId}.json`
  saveBlob(blob, fileName)
  return fileName
}

/** `exportClientData` as a mutation, for its pending state. */
export function useExportClientData() {
  return useMutation({ mutationFn: exportClientData })
}

/**
 * Erases the client (the server checks `confirmEmail` against their e-mail: 400 on `confirmEmail` otherwise, 409 when
 * already erased). The erased name and e-mail leave every screen that showed them: clients, licenses, sales and
 * subscriptions lists and pages, and the dashboard's figures.
 */
export function useEraseClient() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: ({ clientId, confirmEmail }: { clientId: string; confirmEmail: string }) =>
      unwrap(api.POST('/api/tenant/clients/{id}/erase', { params: { path: { id: clientId } }, body: { confirmEmail } })),
    // Also after a 409: the page then shows the client as the server has them (already erased).
    onSettled: () =>
      invalidate(tenantClientKeys.clients.all, tenantClientKeys.licenses.all, tenantCommerceKeys.sales.all, tenantCommerceKeys.subscriptions.all),
  })
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/** The erasure's summary for the toast, in pt-BR. */
export function erasureSummary(done: ErasureDone): string {
  return [
    counted(done.licensesCancelled, 'licença cancelada', 'licenças canceladas'),
    counted(done.payloadsRedacted, 'registro da Hotmart anonimizado', 'registros da Hotmart anonimizados'),
    counted(done.emailsRemoved, 'e-mail removido', 'e-mails removidos'),
    counted(done.checksAnonymised, 'verificação de licença anonimizada', 'verificações de licença anonimizadas'),
  ].join(', ')
}
