import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { SendIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { DialogFooter } from '@/components/ui/dialog'
import { Form } from '@/components/ui/form'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { FormDialog, TextareaField } from '@/components/data'
import { applyServerErrors } from '@/lib/forms'
import { useRequestAdjustments } from '../api/projects'
import type { ProjectDetail } from '../api/types'
import { adjustmentBody, adjustmentSchema, isAdjustmentReady, type AdjustmentValues } from '../adjustment-form'

/** Asks the AI for a new version with the owner's changes. Closing keeps nothing; a failure keeps the text to send again. */
export function AdjustmentDialog({ project, open, onOpenChange }: { project: ProjectDetail; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Solicitar Ajustes"
      description="Diga o que a IA deve mudar no robô. Uma nova versão é gerada a partir do pedido original com os seus ajustes."
      wide
    >
      {open && <AdjustmentForm project={project} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  )
}

function AdjustmentForm({ project, onDone }: { project: ProjectDetail; onDone: () => void }) {
  const form = useForm<AdjustmentValues>({ resolver: zodResolver(adjustmentSchema), defaultValues: { adjustmentRequest: '' } })
  const text = useWatch({ control: form.control, name: 'adjustmentRequest' })
  const request = useRequestAdjustments(project.id)

  const submit = form.handleSubmit(({ adjustmentRequest }) =>
    request.mutate(adjustmentBody(project.generationPrompt, adjustmentRequest), {
      onSuccess: () => {
        toast({ title: 'Ajustes solicitados', description: 'A IA está gerando uma nova versão do robô' })
        onDone()
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Erro ao solicitar ajustes', description: applyServerErrors(form, error, 'Não foi possível solicitar os ajustes.') }),
    }),
  )

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Solicitar ajustes">
        <TextareaField
          control={form.control}
          name="adjustmentRequest"
          label="Ajustes Desejados"
          required
          rows={6}
          placeholder="Ex.: Trocar o RSI por Estocástico e não operar às sextas-feiras depois das 15h."
          description="Mínimo de 10 caracteres."
        />
        <DialogFooter>
          <Button variant="outline" onClick={onDone} disabled={request.isPending}>
            Cancelar
          </Button>
          <Button type="submit" disabled={!isAdjustmentReady(text) || request.isPending}>
            {request.isPending ? <Spinner aria-hidden /> : <SendIcon aria-hidden />}
            Enviar Solicitação
          </Button>
        </DialogFooter>
      </form>
    </Form>
  )
}
