import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { PlusIcon, UnlinkIcon } from 'lucide-react'
import { FreeSeatDialog } from '@/components/licensing/free-seat-dialog'
import { seatAccount, seatKindLabel, seatUsage } from '@/components/licensing/seats'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/api/client'
import { freeSeatConsequence } from '../account-change-limit'
import type { ClientLicenseItem } from '../api/licenses'
import { clientLicenseSeatsQuery, useFreeClientSeat, type SeatItem } from '../api/license-seats'

// The form (react-hook-form, zod) is a chunk of its own, fetched when a client first adds an account: "Meus Robôs"
// shows without it (its first-load budget, scripts/check-bundle.mjs).
const AddSeatForm = React.lazy(() => import('./add-seat-form').then(({ AddSeatForm }) => ({ default: AddSeatForm })))

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
          <React.Suspense fallback={<Skeleton className="h-24 w-full" aria-label="Carregando o formulário" />}>
            <AddSeatForm licenseId={license.id} onDone={() => setAdding(false)} />
          </React.Suspense>
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
