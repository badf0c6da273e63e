import { CheckIcon, TriangleAlertIcon, WandSparklesIcon } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { AA_TEXT } from '@/lib/theme/colour'
import { contrastChecks, type ColourName, type Theme } from '@/lib/theme/palette'

// Rounded down: 4.47:1 is shown as 4,4:1, never as the 4,5:1 it falls short of.
const ratioText = (ratio: number) => `${(Math.floor(ratio * 10) / 10).toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}:1`

/** The colour fields' names in pt-BR, for the fix button. */
const colourLabels: Partial<Record<ColourName, string>> = { foreground: 'no texto', primary: 'na cor primária', secondary: 'na cor secundária' }

/**
 * Checks the theme being edited against WCAG AA (4.5:1): text on the background, and the labels on the primary
 * and secondary colours. Each pair that falls short is shown with a one-click fix, the nearest colour that passes.
 */
export function ContrastGuard({ theme, onFix }: { theme: Theme; onFix: (colour: ColourName, value: string) => void }) {
  const checks = contrastChecks(theme)
  const failing = checks.filter((check) => !check.passes)
  if (failing.length === 0) {
    return (
      <p role="status" className="flex items-center gap-1.5 text-sm text-muted-foreground">
        <CheckIcon aria-hidden className="size-4 text-success" />
        Contraste adequado para leitura (WCAG AA).
      </p>
    )
  }
  return (
    <div className="grid gap-2">
      {failing.map((check) => (
        <Alert key={check.id} variant="warning" role="status" aria-label={`Contraste baixo: ${check.label}`}>
          <TriangleAlertIcon aria-hidden />
          <AlertTitle>Contraste baixo: {check.label.toLowerCase()}</AlertTitle>
          <AlertDescription>
            <span>
              {ratioText(check.ratio)}, abaixo do mínimo de {ratioText(AA_TEXT)} (WCAG AA): o texto fica difícil de ler.
            </span>
            {check.fix && (
              <Button type="button" size="sm" variant="outline" onClick={() => onFix(check.fix!.colour, check.fix!.value)}>
                <WandSparklesIcon aria-hidden />
                <span aria-hidden className="size-3.5 rounded-sm border" style={{ background: check.fix.value }} />
                Usar {check.fix.value} {colourLabels[check.fix.colour]}
              </Button>
            )}
          </AlertDescription>
        </Alert>
      ))}
    </div>
  )
}
