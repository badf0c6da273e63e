import type * as React from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'

/** One titled block of a page (client details, a robot's sales channel); its heading names the region for screen readers. */
export function SectionCard({ id, title, description, children }: { id: string; title: string; description?: React.ReactNode; children: React.ReactNode }) {
  return (
    <Card aria-labelledby={id} role="region">
      <CardHeader>
        <CardTitle>
          <h2 id={id} className="text-lg">
            {title}
          </h2>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  )
}
