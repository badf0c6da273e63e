import * as React from 'react'
import { useBlocker } from 'react-router-dom'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'

/**
 * While `active`, the browser asks before the tab is closed or reloaded (unsaved changes would be lost).
 * Browsers show their own text; setting `returnValue` is what older ones need to ask at all.
 */
export function useWarnBeforeUnload(active: boolean) {
  React.useEffect(() => {
    if (!active) return
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [active])
}

/**
 * While `active` (a form with unsaved changes), leaving the page asks first: closing or reloading the tab (the
 * browser's question) and moving to another screen of the portal — a link, the menu, Back (this dialog). Changes
 * of the query string alone stay on the page and pass.
 */
export function UnsavedChangesGuard({ active }: { active: boolean }) {
  useWarnBeforeUnload(active)
  const blocker = useBlocker(({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname)
  const blocked = blocker.state === 'blocked'
  return (
    <AlertDialog open={blocked} onOpenChange={(open) => !open && blocker.reset?.()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Sair sem salvar?</AlertDialogTitle>
          <AlertDialogDescription>Há alterações não salvas nesta página. Se sair agora, elas serão perdidas.</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Continuar editando</AlertDialogCancel>
          <Button variant="destructive" onClick={() => blocker.proceed?.()}>
            Sair sem salvar
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
