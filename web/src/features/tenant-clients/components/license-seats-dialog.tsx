import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { SaveIcon, UnlinkIcon } from 'lucide-react'
import { ResponsiveTable, SelectField, SKELETON_ROWS, TextField, type DataColumn } from '@/components/data'
import { FreeSeatDialog } from '@/components/licensing/free-seat-dialog'
import { accountRuleLabels, seatKindLabel, seatUsage } from '@/components/licensing/seats'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Form } from '@/components/ui/form'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/api/client'
import { formatDateTime } from '@/lib/format'
import { applyServerErrors } from '@/lib/forms'
import type { OwnerLicenseItem } from '../api/licenses'
import { licenseSeatsQuery, useFreeLicenseSeat, useSaveLicenseSeatPolicy, type LicenseSeats, type SeatItem } from '../api/license-seats'
import { MISSING_CLIENT, MISSING_ROBOT } from '../labels'
import {
  licenseDemoChoices,
  licenseSeatPolicyRequest,
  licenseSeatPolicySchema,
  licenseSeatPolicyValues,
  MAX_LICENSE_SEATS,
  type LicenseSeatPolicyValues,
} from '../schemas/license-seat-policy-form'

const FREE_CONSEQUENCE =
  'A conta deixa de estar vinculada a esta licença e o robô nela é recusado na próxima verificação. A vaga fica livre para outra conta.'

/**
 * "Contas e vagas" of one license: every account (login @ servidor) it is bound to, its kind and whether it takes a
 * seat, "Liberar vaga" behind a confirmation, and the license's own seat count and demo rule (`canManage`: a role with
 * ManageLicenses; others read).
 */
export function LicenseSeatsDialog({
  open,
  onOpenChange,
  license,
  canManage,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  license: OwnerLicenseItem | null
  canManage: boolean
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Contas e vagas</DialogTitle>
          <DialogDescription>
            {license ? `${license.robotName ?? MISSING_ROBOT} de ${license.clientName ?? MISSING_CLIENT}: ` : ''}
            as contas MetaTrader vinculadas a esta licença.
          </DialogDescription>
        </DialogHeader>
        {license && <SeatsBody licenseId={license.id} canManage={canManage} />}
      </DialogContent>
    </Dialog>
  )
}

function SeatsBody({ licenseId, canManage }: { licenseId: string; canManage: boolean }) {
  const query = useQuery(licenseSeatsQuery(licenseId))
  const free = useFreeLicenseSeat(licenseId)
  const [freeing, setFreeing] = React.useState<{ open: boolean; seat: SeatItem | null }>({ open: false, seat: null })
  if (query.isPending) {
    return (
      <div className="grid gap-2" role="status" aria-busy="true" aria-label="Carregando contas">
        {Array.from({ length: SKELETON_ROWS }, (_, index) => (
          <Skeleton key={index} className="h-6 w-full" />
        ))}
      </div>
    )
  }
  if (query.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-2 text-sm text-destructive">
        {errorMessage(query.error, 'Erro ao carregar contas')}
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Tentar novamente
        </Button>
      </div>
    )
  }
  const seats = query.data
  const ask = (seat: SeatItem) => {
    free.reset()
    setFreeing({ open: true, seat })
  }
  const confirm = () =>
    freeing.seat &&
    free.mutate(freeing.seat.id, {
      onSuccess: () => {
        toast({ title: 'Vaga liberada', description: `A conta ${freeing.seat?.login ?? ''} não está mais vinculada a esta licença.` })
        setFreeing((current) => ({ ...current, open: false }))
      },
    })
  return (
    <div className="grid max-h-[70vh] gap-5 overflow-y-auto">
      <p className="text-sm" data-testid="seat-usage">
        <strong>{seatUsage(seats.used, seats.total)}</strong>
        <span className="text-muted-foreground"> · Contas demo: {accountRuleLabels[seats.demoAccounts]}</span>
      </p>
      <ResponsiveTable
        label="Contas vinculadas"
        columns={seatColumns(canManage ? ask : undefined)}
        items={seats.seats}
        rowKey={(seat) => seat.id}
        placeholder="Nenhuma conta vinculada a esta licença"
      />
      <section aria-labelledby="license-seat-rules" className="grid gap-3 border-t pt-4">
        <h3 id="license-seat-rules" className="font-medium">
          Regras desta licença
        </h3>
        <LicenseSeatPolicyForm key={JSON.stringify([seats.liveSeatsOverride, seats.demoAccountsOverride])} licenseId={licenseId} seats={seats} readOnly={!canManage} />
      </section>
      <FreeSeatDialog
        seat={freeing.seat}
        open={freeing.open}
        onOpenChange={(next) => setFreeing((current) => ({ ...current, open: next }))}
        consequence={FREE_CONSEQUENCE}
        pending={free.isPending}
        error={free.error}
        onConfirm={() => void confirm()}
      />
    </div>
  )
}

function seatColumns(onFree: ((seat: SeatItem) => void) | undefined): DataColumn<SeatItem>[] {
  return [
    { label: 'Conta', card: 'title', cell: (seat) => <span className="font-mono">{seat.login}</span> },
    {
      label: 'Servidor',
      cell: (seat) => (seat.server ? <span className="font-mono">{seat.server}</span> : <span className="text-muted-foreground">ainda não informado</span>),
    },
    { label: 'Tipo', cell: (seat) => seatKindLabel(seat.kind) },
    { label: 'Conta vaga?', cell: (seat) => (seat.counted ? 'Sim' : 'Não') },
    { label: 'Desde', cell: (seat) => formatDateTime(seat.boundAt) },
    ...(onFree
      ? [
          {
            label: 'Ações',
            card: 'actions' as const,
            cell: (seat: SeatItem) => (
              <Button variant="ghost" size="sm" aria-label={`Liberar vaga da conta ${seat.login}`} onClick={() => onFree(seat)}>
                <UnlinkIcon aria-hidden />
                Liberar vaga
              </Button>
            ),
          },
        ]
      : []),
  ]
}

function LicenseSeatPolicyForm({ licenseId, seats, readOnly }: { licenseId: string; seats: LicenseSeats; readOnly: boolean }) {
  const form = useForm<LicenseSeatPolicyValues>({ resolver: zodResolver(licenseSeatPolicySchema), defaultValues: licenseSeatPolicyValues(seats) })
  const save = useSaveLicenseSeatPolicy(licenseId)
  const submit = form.handleSubmit((values) =>
    save.mutate(licenseSeatPolicyRequest(values), {
      onSuccess: () => toast({ title: 'Regras da licença salvas', description: 'Valem a partir da próxima conta vinculada.' }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Erro ao salvar regras da licença',
          description: applyServerErrors(form, error, 'Não foi possível salvar. Tente novamente.'),
        }),
    }),
  )
  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate aria-label="Regras desta licença" className="grid gap-4">
        <fieldset disabled={readOnly} className="grid gap-4 sm:grid-cols-2">
          <TextField
            control={form.control}
            name="liveSeatsOverride"
            label="Vagas desta licença"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_LICENSE_SEATS}
            step={1}
            placeholder={String(seats.robotLiveSeats)}
            className="max-w-32"
            description={`Vazio: como o robô (${seats.robotLiveSeats}).`}
          />
          <SelectField
            control={form.control}
            name="demoAccountsOverride"
            label="Contas demo nesta licença"
            options={licenseDemoChoices(seats.robotDemoAccounts)}
          />
        </fieldset>
        {!readOnly && (
          <div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Spinner label="Salvando" /> : <SaveIcon aria-hidden />}
              Salvar regras
            </Button>
          </div>
        )}
      </form>
    </Form>
  )
}
