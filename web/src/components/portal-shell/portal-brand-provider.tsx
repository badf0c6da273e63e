import type * as React from 'react'
import { PortalBrandContext, useTabIcon, type PortalBrand } from '@/lib/page-title'

/** Names page titles after the portal's owner and shows its tab icon (the platform's when it has none). */
export function PortalBrandProvider({ brand, children }: { brand: PortalBrand; children: React.ReactNode }) {
  useTabIcon(brand.faviconUrl)
  return <PortalBrandContext.Provider value={brand}>{children}</PortalBrandContext.Provider>
}
