/**
 * File uploads. The server refuses a state-changing request that is neither JSON nor marked with
 * `X-Requested-With` (a plain HTML form on another site could forge it), so every multipart call carries
 * that header. The body goes out as the FormData itself: no Content-Type is set by hand, so the browser
 * writes `multipart/form-data` with its boundary (openapi-fetch leaves FormData alone; the tenant
 * middleware only adds X-Tenant-Secret).
 */
export const multipartOptions = {
  headers: { 'X-Requested-With': 'XMLHttpRequest' },
  bodySerializer: (body: unknown) => body as FormData,
} as const

/** A multipart body: files and texts by field name; undefined fields are left out. */
export function formDataOf(fields: Record<string, string | Blob | undefined>): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue
    if (value instanceof File) form.append(name, value, value.name)
    else form.append(name, value)
  }
  return form
}
