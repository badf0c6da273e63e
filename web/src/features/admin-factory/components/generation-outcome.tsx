import { AlertTriangleIcon, ShieldCheckIcon } from 'lucide-react'
import { CopyButton } from '@/components/data'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { cn } from '@/lib/class-names'
import type { AdminGeneration } from '../api/generations'

const codeBlockClasses =
  'max-h-[60vh] overflow-auto rounded-md border bg-muted/50 p-4 font-mono text-xs leading-relaxed whitespace-pre focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none'

/** A generation that is ready: its MQL5 source, scrollable (with the keyboard too), and the AI's review notes. */
export function GeneratedCode({ generation }: { generation: AdminGeneration }) {
  const sourceCode = generation.sourceCode ?? ''
  return (
    <Card className="gap-4">
      <CardHeader className="grid-cols-[1fr_auto] items-start">
        <div className="grid gap-1.5">
          <CardTitle>
            <h2>Código MQL5 gerado</h2>
          </CardTitle>
          <CardDescription>
            {generation.compilationAttempts === 1 ? 'Compilado na primeira tentativa.' : `Compilado após ${generation.compilationAttempts} tentativas.`}
          </CardDescription>
        </div>
        {sourceCode && <CopyButton value={sourceCode} label="Copiar código" success="Código copiado para a área de transferência." />}
      </CardHeader>
      <CardContent className="grid gap-4">
        <Alert role="note" variant="success">
          <ShieldCheckIcon aria-hidden />
          <AlertTitle>Código-fonte protegido</AlertTitle>
          <AlertDescription>
            O código-fonte fica armazenado com segurança no servidor e nunca é entregue aos clientes: eles recebem apenas o robô compilado
            (.ex5).
          </AlertDescription>
        </Alert>
        {generation.reviewNotes && (
          <section aria-label="Notas da revisão" className="grid gap-1 text-sm">
            <h3 className="font-medium">Notas da revisão</h3>
            <p className="whitespace-pre-wrap text-muted-foreground">{generation.reviewNotes}</p>
          </section>
        )}
        {/* Focusable, so the code scrolls with the keyboard too. */}
        <pre tabIndex={0} role="region" aria-label="Código MQL5 gerado" data-testid="generated-code" className={codeBlockClasses}>
          {sourceCode}
        </pre>
      </CardContent>
    </Card>
  )
}

/** A generation that failed: the server's error log, and the last code written when there is one. */
export function GenerationFailure({ generation }: { generation: AdminGeneration }) {
  return (
    <Alert variant="destructive">
      <AlertTriangleIcon aria-hidden />
      <AlertTitle>A geração falhou</AlertTitle>
      <AlertDescription className="w-full min-w-0">
        {generation.errorLog ? (
          <pre tabIndex={0} role="region" aria-label="Log de erros" data-testid="error-log" className={cn(codeBlockClasses, 'w-full break-words whitespace-pre-wrap text-destructive')}>
            {generation.errorLog}
          </pre>
        ) : (
          <p>O servidor não informou o motivo da falha.</p>
        )}
        {generation.sourceCode && (
          <details className="w-full min-w-0">
            <summary className="cursor-pointer text-foreground">Ver o último código gerado</summary>
            <pre tabIndex={0} role="region" aria-label="Último código gerado" className={cn(codeBlockClasses, 'mt-2 w-full text-foreground')}>
              {generation.sourceCode}
            </pre>
          </details>
        )}
      </AlertDescription>
    </Alert>
  )
}
