/** Query keys of the public storefront (catalog and robot pages). */
export const storefrontKeys = {
  all: ['storefront'] as const,
  catalog: () => [...storefrontKeys.all, 'catalog'] as const,
  robot: (robotId: string) => [...storefrontKeys.all, 'robot', robotId] as const,
}
