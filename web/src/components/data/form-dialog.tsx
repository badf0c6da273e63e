import type * as React from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { cn } from '@/lib/class-names'

/** A create/edit dialog: scrolls on small screens; `wide` gives forms with many fields two columns of room. */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  wide,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: string
  wide?: boolean
  children: React.ReactNode
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={cn(wide && 'sm:max-w-2xl')}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  )
}

/** Cancelar and the submit button, which is disabled (with a spinner) while saving. */
export function FormDialogFooter({ editing, pending, onCancel }: { editing: boolean; pending: boolean; onCancel: () => void }) {
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        Cancelar
      </Button>
      <Button type="submit" disabled={pending}>
        {pending && <Spinner label="Salvando" />}
        {editing ? 'Salvar' : 'Criar'}
      </Button>
    </DialogFooter>
  )
}

/** The toast of a submit with missing or wrong required fields (sales and subscriptions). */
export function toastInvalidForm() {
  toast({
    variant: 'destructive',
    title: 'Erro de validação',
    description: 'Por favor, preencha todos os campos obrigatórios corretamente.',
  })
}
