/**
 * Query keys of the tenant owner's dashboard, sales and subscriptions. Everything the owner portal caches
 * starts with 'tenant', so it never mixes with the admin's keys (['admin', …]) in one browser.
 */
function resourceKeys<const Name extends string>(name: Name) {
  const all = ['tenant', name] as const
  return {
    all,
    list: <Params extends object>(params: Params) => [...all, 'list', params] as const,
    detail: (id: string) => [...all, 'detail', id] as const,
  }
}

export const tenantCommerceKeys = {
  stats: ['tenant', 'stats'] as const,
  sales: resourceKeys('sales'),
  subscriptions: resourceKeys('subscriptions'),
}
