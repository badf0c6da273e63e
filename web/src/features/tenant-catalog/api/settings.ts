import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { authKeys } from '@/lib/query-keys/auth'
import { brandingKeys } from '@/lib/query-keys/branding'
import { tenantCatalogKeys } from '@/lib/query-keys/tenant-catalog'
import { formDataOf, multipartOptions } from '@/lib/api/multipart'

export type TenantSettings = components['schemas']['TenantSettingsBody']

/** The tenant's look and general settings. */
export const tenantSettingsQuery = () =>
  queryOptions({
    queryKey: tenantCatalogKeys.settings,
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/settings', { signal })),
  })

/**
 * After the look changed: the settings, the owner's session (it carries the name, logo and favicon the portal
 * shows) and the public branding, so the portal restyles without a reload.
 */
function useRefreshBrand() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all(
      [tenantCatalogKeys.settings, authKeys.session('tenant'), brandingKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    )
}

/** Saves every setting (the whole form goes; empty values as null). */
export function useSaveSettings() {
  const queryClient = useQueryClient()
  const refresh = useRefreshBrand()
  return useMutation({
    mutationFn: (body: TenantSettings) => unwrap(api.PATCH('/api/tenant/settings', { body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(tenantCatalogKeys.settings, saved)
      return refresh()
    },
  })
}

export type BrandImageKind = 'logo' | 'favicon'

/**
 * Uploads the tenant's logo or favicon (multipart field `file`) and answers its URL. The server stores it as the
 * current one at once, so the brand is refreshed here too.
 */
export function useUploadBrandImage(kind: BrandImageKind) {
  const refresh = useRefreshBrand()
  return useMutation({
    mutationFn: async (file: File): Promise<string> => {
      const options = { body: formDataOf({ file }), ...multipartOptions }
      const uploaded =
        kind === 'logo'
          ? await unwrap(api.POST('/api/tenant/settings/logo/upload', options))
          : await unwrap(api.POST('/api/tenant/settings/favicon/upload', options))
      return (kind === 'logo' ? uploaded.logoUrl : uploaded.faviconUrl) ?? ''
    },
    onSuccess: refresh,
  })
}
