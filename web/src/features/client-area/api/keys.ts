/**
 * Query keys of the signed-in client's screens. All sit under `['client-area']`, which is not marked public,
 * so a logout drops them with the rest of the person's cache.
 */
export const clientAreaKeys = {
  all: ['client-area'] as const,
  dashboard: ['client-area', 'dashboard'] as const,
  licenses: ['client-area', 'licenses'] as const,
  /** One license's accounts (under the licenses prefix: a card refresh refreshes them too). */
  seats: (licenseId: string) => ['client-area', 'licenses', 'seats', licenseId] as const,
  subscriptions: ['client-area', 'subscriptions'] as const,
  profile: ['client-area', 'profile'] as const,
  purchases: (page: number) => ['client-area', 'purchases', page] as const,
}
