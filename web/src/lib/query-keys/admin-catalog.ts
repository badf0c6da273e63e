/**
 * Query keys of the admin catalog. Everything sits under `['admin', resource]`, so a mutation can
 * invalidate one resource's lists (`catalogKeys.tenants.all`) without knowing their filters.
 */
function resourceKeys<const Name extends string>(name: Name) {
  const all = ['admin', name] as const
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: <Params extends object>(params: Params) => [...all, 'list', params] as const,
  }
}

export const catalogKeys = {
  tenants: resourceKeys('tenants'),
  owners: resourceKeys('tenant-owners'),
  robots: resourceKeys('robots'),
  auditLog: resourceKeys('audit-log'),
  /** The tenant choices of every admin filter and form (one list of up to 100 tenants). */
  tenantOptions: ['admin', 'tenants', 'options'] as const,
}
