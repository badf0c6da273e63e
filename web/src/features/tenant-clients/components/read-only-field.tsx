import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'

/** A labelled value the form shows but never sends (a license's robot and dates are fixed). */
export function ReadOnlyField({ id, label, value, description }: { id: string; label: string; value: string; description?: string }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} value={value} readOnly aria-describedby={description ? `${id}-description` : undefined} className="bg-muted/50" />
      {description && (
        <p id={`${id}-description`} className="text-xs text-muted-foreground">
          {description}
        </p>
      )}
    </div>
  )
}
