import { Link } from 'react-router-dom'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'

/** An unknown project or generation (404): says so and offers the way back, not a retry that would answer the same. */
export function NotFoundCard({ title, text, backTo, backLabel }: { title: string; text: string; backTo: string; backLabel: string }) {
  return (
    <Card role="alert" className="border-destructive/50">
      <CardHeader>
        <CardTitle className="text-destructive">{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid justify-items-start gap-3 text-sm">
        <p className="text-muted-foreground">{text}</p>
        <Button variant="outline" size="sm" asChild>
          <Link to={backTo}>{backLabel}</Link>
        </Button>
      </CardContent>
    </Card>
  )
}
