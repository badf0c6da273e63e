import { TriangleAlertIcon } from 'lucide-react'
import { CopyButton } from '@/components/data'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import type { RegisteredAgent } from '../api/compile-agents'
import { agentConfigLines } from '../agent-format'

/**
 * The token of an agent just registered, with the configuration lines its operator needs. The server keeps only
 * a hash, so this is the one time it can be seen: closing the dialog forgets it.
 */
export function AgentTokenDialog({ registered, apiUrl, onClose }: { registered: RegisteredAgent | null; apiUrl: string; onClose: () => void }) {
  const config = registered ? agentConfigLines(apiUrl, registered.token) : ''
  return (
    <Dialog open={registered !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Agente registrado</DialogTitle>
          <DialogDescription>{registered && `Configure ${registered.agent.name} com o token abaixo.`}</DialogDescription>
        </DialogHeader>
        <Alert variant="destructive">
          <TriangleAlertIcon aria-hidden />
          <AlertTitle>Copie o token agora</AlertTitle>
          <AlertDescription>Ele não será mostrado novamente. Se for perdido, revogue este agente e registre outro.</AlertDescription>
        </Alert>
        {registered && (
          <div className="grid gap-4">
            <div className="grid gap-2">
              <span className="text-sm font-medium">
                Token do agente
              </span>
              <div className="flex items-center gap-2">
                <code data-testid="agent-token" className="min-w-0 flex-1 rounded-md border bg-muted/50 px-3 py-2 font-mono text-xs break-all">
                  {registered.token}
                </code>
                <CopyButton value={registered.token} label="Copiar token" success="Token copiado para a área de transferência." />
              </div>
            </div>
            <div className="grid gap-2">
              <span className="text-sm font-medium">
                Configuração do agente (agent.env)
              </span>
              <div className="flex items-start gap-2">
                <pre
                  data-testid="agent-config"
                  className="min-w-0 flex-1 overflow-x-auto rounded-md border bg-muted/50 px-3 py-2 font-mono text-xs"
                >
                  {config}
                </pre>
                <CopyButton value={config} label="Copiar configuração" success="Configuração copiada para a área de transferência." />
              </div>
            </div>
          </div>
        )}
        <DialogFooter>
          <Button onClick={onClose}>Já copiei o token</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
