import { lazy, Suspense, useState } from 'react'
import type { ChangeAccountDialogProps } from './change-account-form-dialog'

// The dialog and its form (react-hook-form, zod) are a chunk of their own, fetched when a client first opens it:
// "Meus Robôs" shows without them.
const ChangeAccountFormDialog = lazy(() => import('./change-account-form-dialog').then(({ ChangeAccountFormDialog }) => ({ default: ChangeAccountFormDialog })))

/**
 * "Trocar Conta": binds the license to the MetaTrader account the robot will run on ("Confirmar Conta MT5" while
 * the robot waits for the account to be confirmed here). Nothing is on the page until it is first opened; from then
 * on it stays mounted, so that it closes as any dialog does.
 */
export function ChangeAccountDialog(props: ChangeAccountDialogProps) {
  const [opened, setOpened] = useState(props.open)
  if (props.open && !opened) setOpened(true)
  if (!opened) return null
  return (
    <Suspense fallback={null}>
      <ChangeAccountFormDialog {...props} />
    </Suspense>
  )
}
