/** Query keys of tenant branding, by the `?secret=` it was asked with. */
export const brandingKeys = {
  all: ['tenant-branding'] as const,
  bySecret: (secret: string | null) => [...brandingKeys.all, secret] as const,
}
