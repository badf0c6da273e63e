import { RefreshCwIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/class-names'

/** Fetches a list again (someone else may have changed it); the icon spins while the request runs. */
export function RefreshButton({ onRefresh, refreshing }: { onRefresh: () => unknown; refreshing: boolean }) {
  return (
    <Button variant="outline" onClick={() => void onRefresh()} disabled={refreshing} aria-busy={refreshing || undefined}>
      <RefreshCwIcon aria-hidden className={cn(refreshing && 'animate-spin')} />
      Atualizar
    </Button>
  )
}
