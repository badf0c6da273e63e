import type * as React from 'react'
import { usePageTitle } from '@/lib/page-title'

/** The page's h1, which also names the browser tab. */
export function PageHeading({ title, description, actions }: { title: string; description?: string; actions?: React.ReactNode }) {
  usePageTitle(title)
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {actions}
    </div>
  )
}

/** A page whose content arrives in a later iteration: heading only. */
export function TitleOnlyPage({ title, description }: { title: string; description?: string }) {
  return (
    <div className="space-y-6">
      <PageHeading title={title} description={description} />
    </div>
  )
}
