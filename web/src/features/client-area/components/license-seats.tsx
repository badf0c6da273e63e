import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { PlusIcon, UnlinkIcon } from 'lucide-react'
import { FormOutcomeAlert } from '@/components/auth/form-outcome'
import { SelectField, TextField } from '@/components/data'
import { FreeSeatDialog } from '@/components/licensing/free-seat-dialog'
import { seatAccount, seatKindLabel, seatUsage } from '@/components/licensing/seats'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { ApiError, errorMessage } from '@/lib/api/client'
import { applyServerErrors } from '@/lib/forms'
import { freeSeatConsequence } from '../account-change-limit'
import type { ClientLicenseItem } from '../api/licenses'
import { clientLicenseSeatsQuery, useAddClientSeat, useFreeClientSeat, type SeatItem } from '../api/license-seats'
import { newSeatSchema, tradeModeChoices, UNKNOWN_MODE, type NewSeatValues } from '../schemas/new-seat'

/**
 * "Suas contas": the MetaTrader accounts (login @ servidor) the license runs on and how many of its real-account seats
 * they take; "Liberar" frees one (behind a confirmation stating the seller's limit on changes, with the server's refusal
 * shown when the limit or the cooldown applies) and, for robots whose accounts are confirmed here, "Adicionar conta".
 */
export function LicenseSeats({ license }: { license: Pick<ClientLicenseItem, 'id' | 'usable' | 'accountChangeLimit'> }) {
  const query = useQuery(clientLicenseSeatsQuery(license.id))
  const free = useFreeClientSeat(license.id)
  const [freeing, setFreeing] = React.useState<{ open: boolean; seat: SeatItem | null }>({ open: false, seat: null })
  const [adding, setAdding] = React.useState(false)
  const headingId = React.useId()

  if (query.isPending) return <Skeleton className="h-12 w-full" aria-label="Carregando suas contas" />
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-destructive">
        {errorMessage(query.error, 'Erro ao carregar suas contas')}
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Tentar novamente
        </Button>
      </div>
    )
  }
  const seats = query.data
  const canAdd = license.usable && seats.bindingPolicy === 'portal'
  const confirm = () =>
    freeing.seat &&
    free.mutate(freeing.seat.id, {
      onSuccess: () => {
        toast({ title: 'Conta liberada', description: `A conta ${freeing.seat ? seatAccount(freeing.seat) : ''} não usa mais esta licença.` })
        setFreeing((current) => ({ ...current, open: false }))
      },
    })
  return (
    <section aria-labelledby={headingId} className="grid gap-2 rounded-md border p-3 text-sm">
      <p id={headingId} className="font-medium">
        Suas contas: {seatUsage(seats.used, seats.total)}
      </p>
      {seats.seats.length === 0 ? (
        <p className="text-muted-foreground">Nenhuma conta vinculada ainda.</p>
      ) : (
        <ul className="grid gap-1.5">
          {seats.seats.map((seat) => (
            <li key={seat.id} className="flex flex-wrap items-center justify-between gap-2">
              <span className="min-w-0 break-all">
                <span className="font-mono">{seatAccount(seat)}</span>
                <span className="text-muted-foreground">
                  {' '}
                  · {seatKindLabel(seat.kind)}
                  {!seat.counted && ' (não ocupa vaga)'}
                </span>
              </span>
              {license.usable && (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Liberar a conta ${seatAccount(seat)}`}
                  onClick={() => {
                    free.reset()
                    setFreeing({ open: true, seat })
                  }}
                >
                  <UnlinkIcon aria-hidden />
                  Liberar
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canAdd &&
        (adding ? (
          <AddSeatForm licenseId={license.id} onDone={() => setAdding(false)} />
        ) : (
          <div>
            <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
              <PlusIcon aria-hidden />
              Adicionar conta
            </Button>
          </div>
        ))}
      <FreeSeatDialog
        seat={freeing.seat}
        open={freeing.open}
        onOpenChange={(next) => setFreeing((current) => ({ ...current, open: next }))}
        consequence={freeSeatConsequence(license.accountChangeLimit)}
        pending={free.isPending}
        error={free.error}
        onConfirm={() => void confirm()}
      />
    </section>
  )
}

function AddSeatForm({ licenseId, onDone }: { licenseId: string; onDone: () => void }) {
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
