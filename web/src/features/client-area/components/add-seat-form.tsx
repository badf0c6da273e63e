import * as React from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { FormOutcomeAlert } from '@/components/auth/form-outcome'
import { SelectField, TextField } from '@/components/data'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { ApiError } from '@/lib/api/client'
import { applyServerErrors } from '@/lib/forms'
import { useAddClientSeat } from '../api/license-seats'
import { newSeatSchema, tradeModeChoices, UNKNOWN_MODE, type NewSeatValues } from '../schemas/new-seat'

/** "Adicionar conta": a login, its server and its kind; the server's refusal above the fields when it names none. */
export function AddSeatForm({ licenseId, onDone }: { licenseId: string; onDone: () => void }) {
  const form = useForm<NewSeatValues>({ resolver: zodResolver(newSeatSchema), defaultValues: { login: '', server: '', tradeMode: UNKNOWN_MODE } })
  const add = useAddClientSeat(licenseId)
  // A refusal that names no field (the seats are full, the robot refuses demo accounts) stays above the fields.
  const [refusal, setRefusal] = React.useState<string | null>(null)
  const submit = form.handleSubmit((values) => {
    setRefusal(null)
    add.mutate(
      { login: values.login, server: values.server, tradeMode: values.tradeMode === UNKNOWN_MODE ? null : values.tradeMode },
      {
        onSuccess: () => {
          toast({ title: 'Conta adicionada', description: `${values.login} @ ${values.server} pode usar esta licença.` })
          onDone()
        },
        onError: (error) => {
          const message = applyServerErrors(form, error, 'Não foi possível adicionar a conta. Tente novamente.')
          if (!(error instanceof ApiError && Object.keys(error.fields).length > 0)) setRefusal(message)
        },
      },
    )
  })
  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate aria-label="Adicionar conta" className="grid gap-3 border-t pt-3">
        {refusal && <FormOutcomeAlert outcome={{ ok: false, message: refusal }} />}
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            control={form.control}
            name="login"
            label="Número da conta"
            inputMode="numeric"
            autoComplete="off"
            placeholder="Ex.: 12345678"
            required
          />
          <TextField
            control={form.control}
            name="server"
            label="Servidor"
            autoComplete="off"
            placeholder="Ex.: XPMT5-REAL"
            required
            description="Como aparece no MetaTrader (Arquivo → Abrir uma conta, ou na janela de login)."
          />
          <SelectField control={form.control} name="tradeMode" label="Tipo de conta" options={tradeModeChoices} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={add.isPending}>
            {add.isPending && <Spinner label="Adicionando" />}
            Adicionar
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={onDone} disabled={add.isPending}>
            Cancelar
          </Button>
        </div>
      </form>
    </Form>
  )
}
