import { queryOptions } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { tenantCatalogKeys } from '@/lib/query-keys/tenant-catalog'

export type StorageUsage = components['schemas']['StorageUsage']

/** How much of its storage quota the tenant uses (versions, compiled files, images). */
export const tenantStorageQuery = () =>
  queryOptions({
    queryKey: tenantCatalogKeys.storage,
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/storage', { signal })),
    // Uploads from other screens (imports, images) change it: each visit shows it as it is now.
    staleTime: 0,
  })
