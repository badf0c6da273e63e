import { CopyButton } from '@/components/data'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { PLACEHOLDERS, placeholderDescriptions, REQUIRED_PLACEHOLDERS } from '../template-placeholders'

/** The placeholders a template may use, each with what it becomes and a copy button; the required ones are marked. */
export function TemplateVariables() {
  return (
    <Card className="gap-4" role="region" aria-labelledby="template-variables-title">
      <CardHeader>
        <CardTitle>
          <h2 id="template-variables-title">Variáveis</h2>
        </CardTitle>
        <CardDescription>Substituídas pelos dados do tenant e do robô em cada compilação.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {PLACEHOLDERS.map((placeholder) => (
            <li key={placeholder} className="flex items-start justify-between gap-2">
              <div className="grid min-w-0 gap-1">
                <code className="font-mono text-xs break-all">{placeholder}</code>
                <span className="text-xs text-muted-foreground">{placeholderDescriptions[placeholder]}</span>
                {REQUIRED_PLACEHOLDERS.includes(placeholder) && <Badge variant="secondary">Obrigatória</Badge>}
              </div>
              <CopyButton value={placeholder} label={`Copiar ${placeholder}`} success={`${placeholder} copiada para a área de transferência.`} />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
