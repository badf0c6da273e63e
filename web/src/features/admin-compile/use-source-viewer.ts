import * as React from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from '@/components/ui/use-toast'
import { ApiError, errorMessage } from '@/lib/api/client'
import { compilationSourceQuery, type HistoryItem } from './api/compilation-history'

/** The compilation whose source the dialog shows; `sourceCode` is null while it loads. */
export interface SourceView {
  item: HistoryItem
  sourceCode: string | null
}

/** Tells why a source cannot be shown: none stored (404), or the request failed. */
function toastSourceFailure(error: unknown) {
  if (error instanceof ApiError && error.status === 404) {
    toast({ variant: 'destructive', title: 'Código-fonte indisponível', description: 'Esta compilação não possui código-fonte armazenado' })
  } else {
    toast({ variant: 'destructive', title: 'Erro ao carregar código', description: errorMessage(error, 'Tente novamente.') })
  }
}

/**
 * Opening a compilation's source: the dialog opens at once (loading), shows the code when it arrives, and closes
 * with a toast when there is none or the request fails. An answer for a dialog the admin already closed or
 * replaced is dropped.
 */
export function useSourceViewer() {
  const queryClient = useQueryClient()
  const [view, setView] = React.useState<SourceView | null>(null)
  // The id the admin is waiting for, read by answers that arrive after a close or another click.
  const wanted = React.useRef<string | null>(null)

  const open = async (item: HistoryItem) => {
    wanted.current = item.id
    setView({ item, sourceCode: null })
    try {
      const { sourceCode } = await queryClient.fetchQuery(compilationSourceQuery(item))
      if (wanted.current === item.id) setView({ item, sourceCode })
    } catch (error) {
      if (wanted.current !== item.id) return
      wanted.current = null
      setView(null)
      toastSourceFailure(error)
    }
  }

  const close = () => {
    wanted.current = null
    setView(null)
  }

  return { view, open, close }
}
