/** Query keys of tenant branding, by the `?secret=` or the tenant reference it was asked with. */
export const brandingKeys = {
  all: ['tenant-branding'] as const,
  bySecret: (secret: string | null) => [...brandingKeys.all, secret] as const,
  byTenant: (tenant: string) => [...brandingKeys.all, 'tenant', tenant] as const,
}
