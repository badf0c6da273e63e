import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { tenantCatalogKeys } from '@/lib/query-keys/tenant-catalog'

export type EmailSettingsItem = components['schemas']['EmailSettingsItem']
export type EmailSettingsRequest = components['schemas']['EmailSettingsRequest']
export type EmailTemplates = components['schemas']['EmailTemplates']
export type EmailTemplatesItem = components['schemas']['EmailTemplatesItem']
export type EmailTemplatesUpdate = components['schemas']['EmailTemplatesUpdate']
export type TemplateKey = keyof EmailTemplates
export type EmailSendingItem = components['schemas']['EmailSendingItem']
export type EmailDomainItem = components['schemas']['EmailDomainItem']
export type EmailProblemItem = components['schemas']['EmailProblemItem']

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
    onSuccess: (saved) => {
      queryClient.setQueryData(tenantCatalogKeys.emailSettings, saved)
      // A new key or domain changes how mail goes out and what Resend says of the domain.
      void queryClient.invalidateQueries({ queryKey: tenantCatalogKeys.emailSending })
    },
  })
}

/** How the tenant's mail goes out: its own key, or the platform's frame with its limits (and a suspension). */
export const emailSendingQuery = () =>
  queryOptions({
    queryKey: tenantCatalogKeys.emailSending,
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/email-sending', { signal })),
  })

/** Whether the tenant's own domain is verified at Resend (SPF/DKIM), asked with the tenant's own key. */
export const emailDomainQuery = () =>
  queryOptions({
    queryKey: tenantCatalogKeys.emailDomain,
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/email-sending/domain', { signal })),
  })

/** Messages that did not reach their reader: refused, failed, not sent, bounced or complained of. */
export const emailProblemsQuery = (page: number) =>
  queryOptions({
    queryKey: tenantCatalogKeys.emailProblems(page),
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/email-sending/problems', { params: { query: { page, pageSize: 20 } }, signal })),
  })

/** Queues one template, filled with example values, to an address; answers the server's confirmation. */
export function useSendTestEmail() {
  return useMutation({
    mutationFn: (body: { templateType: TemplateKey; testEmail: string }) => unwrap(api.POST('/api/tenant/email-settings/test', { body })),
  })
}

/** The templates in use, which of them are the tenant's own, each one's variables, and the kinds switched off. */
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

/**
 * Saves the templates (one equal to the default, or blank, goes back to the default) and which kinds are switched off
 * (`switchedOff`; only "Nova versão" may be).
 */
export function useSaveEmailTemplates() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: EmailTemplatesUpdate) => unwrap(api.PATCH('/api/tenant/email-templates', { body })),
    onSuccess: (saved) => queryClient.setQueryData(tenantCatalogKeys.emailTemplates, saved),
  })
}
