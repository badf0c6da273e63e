import { DownloadIcon } from 'lucide-react'
import { CopyButton } from '@/components/data'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { saveBlob } from '@/lib/download'
import { formatDateTime } from '@/lib/format'
import { labelOf } from '@/lib/labels'
import { compileSourceLabels } from '../labels'
import { mq5Blob, mq5FileName } from '../source-file'
import type { SourceView } from '../use-source-viewer'

/** The MQL5 source of one compilation, scrollable, with a copy button and a .mq5 download. */
export function SourceCodeDialog({ view, onClose }: { view: SourceView | null; onClose: () => void }) {
  const item = view?.item
  const sourceCode = view?.sourceCode ?? null
  return (
    <Dialog open={view !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>Código-fonte: {item?.robotName}</DialogTitle>
          <DialogDescription>
            {item && `${item.tenantName} · ${labelOf(compileSourceLabels, item.source)} · ${formatDateTime(item.createdAt)}`}
          </DialogDescription>
        </DialogHeader>
        {sourceCode === null ? (
          <div className="flex items-center gap-2 py-10 text-sm text-muted-foreground">
            <Spinner label="Carregando código" />
            Carregando código…
          </div>
        ) : (
          // Focusable, so the code scrolls with the keyboard too.
          <pre
            tabIndex={0}
            role="region"
            aria-label={`Código-fonte de ${item?.robotName}`}
            data-testid="source-code"
            className="max-h-[60vh] overflow-auto rounded-md border bg-muted/50 p-4 font-mono text-xs leading-relaxed focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {sourceCode}
          </pre>
        )}
        <DialogFooter className="gap-2">
          {sourceCode !== null && item && (
            <>
              <CopyButton value={sourceCode} label="Copiar código" success="Código copiado para a área de transferência." />
              <Button onClick={() => saveBlob(mq5Blob(sourceCode), mq5FileName(item.robotName))}>
                <DownloadIcon aria-hidden />
                Baixar .mq5
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
