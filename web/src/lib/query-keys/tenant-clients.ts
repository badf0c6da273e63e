/**
 * Query keys of the tenant owner's clients and licenses screens. Everything sits under `['tenant', resource]`,
 * so a write can refresh one resource's lists, pickers and detail pages without knowing their filters.
 */
function resourceKeys<const Name extends string>(name: Name) {
  const all = ['tenant', name] as const
  return {
    all,
    list: <Params extends object>(params: Params) => [...all, 'list', params] as const,
    details: [...all, 'detail'] as const,
    detail: (id: string) => [...all, 'detail', id] as const,
  }
}

export const tenantClientKeys = {
  clients: resourceKeys('clients'),
  licenses: resourceKeys('licenses'),
  robots: resourceKeys('robots'),
}
