import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { tenantCatalogKeys } from '@/lib/query-keys/tenant-catalog'

export type EmailSettingsItem = components['schemas']['EmailSettingsItem']
export type EmailSettingsRequest = components['schemas']['EmailSettingsRequest']
export type EmailTemplates = components['schemas']['EmailTemplates']
export type EmailTemplatesItem = components['schemas']['EmailTemplatesItem']
export type TemplateKey = keyof EmailTemplates

/** Whether a Resend key is stored (never the key itself) and the sending domain. */
export const emailSettingsQuery = () =>
  queryOptions({
    queryKey: tenantCatalogKeys.emailSettings,
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/email-settings', { signal })),
  })

/**
 * Saves the credentials. A blank or absent key keeps the stored one, `removeApiKey` drops it; an absent
 * domain is left as it is, a blank one removes it.
 */
export function useSaveEmailSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: Partial<EmailSettingsRequest>) => unwrap(api.PATCH('/api/tenant/email-settings', { body: body as EmailSettingsRequest })),
    onSuccess: (saved) => queryClient.setQueryData(tenantCatalogKeys.emailSettings, saved),
  })
}

/** Queues one template, filled with example values, to an address; answers the server's confirmation. */
export function useSendTestEmail() {
  return useMutation({
    mutationFn: (body: { templateType: TemplateKey; testEmail: string }) => unwrap(api.POST('/api/tenant/email-settings/test', { body })),
  })
}

/** The four templates in use, which of them are the tenant's own, and each one's variables. */
export const emailTemplatesQuery = () =>
  queryOptions({
    queryKey: tenantCatalogKeys.emailTemplates,
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/email-templates', { signal })),
  })

/** The platform's default templates, to restore one; they only change with a deploy. */
export const emailTemplateDefaultsQuery = () =>
  queryOptions({
    queryKey: tenantCatalogKeys.emailTemplateDefaults,
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/email-templates/defaults', { signal })),
    staleTime: Infinity,
  })

/** Saves the four templates; one equal to the default, or blank, goes back to the default. */
export function useSaveEmailTemplates() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: EmailTemplates) => unwrap(api.PATCH('/api/tenant/email-templates', { body })),
    onSuccess: (saved) => queryClient.setQueryData(tenantCatalogKeys.emailTemplates, saved),
  })
}
