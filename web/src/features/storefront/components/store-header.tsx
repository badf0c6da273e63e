import type * as React from 'react'
import type { StoreBranding } from '../api/public-store'

/** The tenant's name for buyers: the display name it chose, else its name. */
export function storeName(branding: StoreBranding): string {
  return branding.displayName?.trim() || branding.name
}

/** The storefront's top bar: the tenant's logo and name, and whatever `children` adds on the right (links). */
export function StoreHeader({ branding, children }: { branding: StoreBranding; children?: React.ReactNode }) {
  const name = storeName(branding)
  return (
    <header className="flex flex-wrap items-center justify-between gap-3 border-b pb-4">
      <div className="flex min-w-0 items-center gap-3">
        {branding.logoUrl && <img src={branding.logoUrl} alt={`Logo de ${name}`} className="h-10 w-auto max-w-40 object-contain" />}
        <span className="truncate text-lg font-semibold">{name}</span>
      </div>
      {children && <nav className="flex flex-wrap items-center gap-2 text-sm">{children}</nav>}
    </header>
  )
}
