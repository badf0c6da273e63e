import * as React from 'react'
import { useForm, type DefaultValues, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form'
import { Form } from '@/components/ui/form'
import { toast } from '@/components/ui/use-toast'
import { applyServerErrors } from '@/lib/forms'
import { FormDialog, FormDialogFooter } from './form-dialog'

/** What the dialog needs of a save mutation (TanStack Query's `useMutation` answer fits). */
export interface EntitySaveMutation<Variables> {
  mutate: (variables: Variables, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void
  isPending: boolean
  reset: () => void
}

/** The dialog's pt-BR texts besides its heading. */
export interface EntityFormTexts {
  /** The toast after creating ("Venda criada") and after editing ("Venda atualizada"). */
  created: string
  updated: string
  /** The failure toast's title: one for both, or one for create and one for edit. */
  failed: string | { create: string; edit: string }
  /** The failure toast's text when the server gave none. */
  fallback: string
}

export interface EntityFormDialogProps<Item extends { id: string }, Values extends FieldValues, Variables> {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The row to edit; null creates one. */
  item: Item | null
  title: { create: string; edit: string }
  description: string
  /** Two columns of room, for forms with many fields. */
  wide?: boolean
  resolver: Resolver<Values>
  /** The form's starting values (read when the dialog opens on a row). */
  defaultValues: DefaultValues<Values>
  /** The save, called from the page (or dialog) component. */
  mutation: EntitySaveMutation<Variables>
  /** What the mutation is called with. */
  variables: (values: Values, form: UseFormReturn<Values>) => Variables
  texts: EntityFormTexts
  /** A submit the form's own checks refused (by default the messages under the fields are all). */
  onInvalid?: () => void
  /** Another failure toast for some errors; undefined keeps the usual one. Field errors are placed either way. */
  errorToast?: (error: unknown, description: string) => { title: string; description: string } | undefined
  /** The fields, given the form. */
  children: (form: UseFormReturn<Values>) => React.ReactNode
}

/**
 * A create/edit dialog of one row: the title for a new row or an edit, the form keyed by the row (each opening starts
 * from its values), the save with the server's field errors under their inputs, the toasts, the pending button,
 * Cancelar, and closing once saved. Each dialog gives its fields, schema, payload and texts.
 */
export function EntityFormDialog<Item extends { id: string }, Values extends FieldValues, Variables>({
  open,
  onOpenChange,
  item,
  title,
  description,
  wide,
  ...form
}: EntityFormDialogProps<Item, Values, Variables>) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={item ? title.edit : title.create} description={description} wide={wide}>
      <EntityForm key={item?.id ?? 'new'} editing={item !== null} onDone={() => onOpenChange(false)} {...form} />
    </FormDialog>
  )
}

type EntityFormProps<Values extends FieldValues, Variables> = Pick<
  EntityFormDialogProps<{ id: string }, Values, Variables>,
  'resolver' | 'defaultValues' | 'mutation' | 'variables' | 'texts' | 'onInvalid' | 'errorToast' | 'children'
> & { editing: boolean; onDone: () => void }

function EntityForm<Values extends FieldValues, Variables>({
  editing,
  onDone,
  resolver,
  defaultValues,
  mutation,
  variables,
  texts,
  onInvalid,
  errorToast,
  children,
}: EntityFormProps<Values, Variables>) {
  const form = useForm<Values>({ resolver, defaultValues })
  // The mutation lives above the keyed form; on closing, its answer (if still awaited) is left unheard and the next
  // opening starts idle, as if each form had a mutation of its own.
  const { reset } = mutation
  React.useEffect(() => () => reset(), [reset])

  const submit = form.handleSubmit(
    (values) =>
      mutation.mutate(variables(values, form), {
        onSuccess: () => {
          toast({ title: editing ? texts.updated : texts.created })
          onDone()
        },
        onError: (error) => {
          const description = applyServerErrors(form, error, texts.fallback)
          const failed = typeof texts.failed === 'string' ? texts.failed : editing ? texts.failed.edit : texts.failed.create
          toast({ variant: 'destructive', ...(errorToast?.(error, description) ?? { title: failed, description }) })
        },
      }),
    onInvalid,
  )

  return (
    <Form {...form}>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        {children(form)}
        <FormDialogFooter editing={editing} pending={mutation.isPending} onCancel={onDone} />
      </form>
    </Form>
  )
}
