import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { ConfirmDialog, ListPage, StatusBadge, useListParams } from '@/components/data'
import { Button } from '@/components/ui/button'
import { TableCell, TableRow } from '@/components/ui/table'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/api/client'
import { mailVolumeQuery, useUpdateTenantMail, type TenantMailItem } from '@/features/admin-catalog/api/tenant-mail'
import { MailLimitsDialog } from './mail-limits-dialog'

const columns = [
  { label: 'Tenant' },
  { label: 'Envio' },
  { label: 'Enviados (24 h / 30 dias)', className: 'text-right' },
  { label: 'Recusados (24 h / 30 dias)', className: 'text-right' },
  { label: 'Devolvidos (24 h / 30 dias)', className: 'text-right' },
  { label: 'Spam (24 h / 30 dias)', className: 'text-right' },
  { label: 'Limite diário', className: 'text-right' },
  { label: 'Ações', srOnly: true },
]

const numbers = new Intl.NumberFormat('pt-BR')
const pair = (day: number, month: number) => `${numbers.format(day)} / ${numbers.format(month)}`

/** E-mails: each tenant's sending volume, its own daily limits, and the switch that suspends (or resumes) a tenant's mail. */
export function AdminMailPage() {
  const list = useListParams(['q'] as const)
  const query = useQuery(mailVolumeQuery({ page: list.page, pageSize: list.pageSize, q: list.filters.q || undefined }))
  const [target, setTarget] = React.useState<TenantMailItem | null>(null)
  const [limitsOf, setLimitsOf] = React.useState<TenantMailItem | null>(null)
  const update = useUpdateTenantMail()
  const suspending = target ? !target.suspendedAt : false

  const confirm = () => {
    if (!target) return
    update.mutate(
      {
        tenantId: target.tenantId,
        body: {
          suspended: suspending,
          dailyLimit: target.dailyLimit ?? null,
          recipientDailyLimit: target.recipientDailyLimit ?? null,
          reason: suspending ? 'Suspenso pelo administrador da plataforma' : null,
        },
      },
      {
        onSuccess: () => {
          toast({ title: suspending ? 'Envio de e-mails suspenso' : 'Envio de e-mails retomado', description: target.tenantName })
          setTarget(null)
        },
        onError: (error) => toast({ variant: 'destructive', title: 'Erro ao alterar o envio', description: errorMessage(error, 'Tente novamente.') }),
      },
    )
  }

  return (
    <>
      <ListPage
        title="E-mails"
        description="Volume de e-mails de cada tenant nas últimas 24 horas e 30 dias, e a suspensão do envio de um tenant."
        list={list}
        search={{ key: 'q', label: 'Buscar tenant', placeholder: 'Buscar por nome ou URL' }}
        query={query}
        table={{
          label: 'E-mails por tenant',
          columns,
          empty: list.hasFilters ? 'Nenhum tenant encontrado' : 'Nenhum tenant ainda',
          errorFallback: 'Não foi possível carregar o volume de e-mails.',
          renderRow: (item) => (
            <TableRow key={item.tenantId}>
              <TableCell className="font-medium">{item.tenantName}</TableCell>
              <TableCell>
                {item.suspendedAt ? (
                  <StatusBadge tone="destructive">Suspenso</StatusBadge>
                ) : item.sendsWithOwnKey ? (
                  <StatusBadge tone="success">Chave própria</StatusBadge>
                ) : (
                  <StatusBadge tone="secondary">Pela plataforma</StatusBadge>
                )}
              </TableCell>
              <TableCell className="text-right tabular-nums">{pair(item.sentDay, item.sentMonth)}</TableCell>
              <TableCell className="text-right tabular-nums">{pair(item.refusedDay, item.refusedMonth)}</TableCell>
              <TableCell className="text-right tabular-nums">{pair(item.bouncedDay, item.bouncedMonth)}</TableCell>
              <TableCell className="text-right tabular-nums">{pair(item.complainedDay, item.complainedMonth)}</TableCell>
              <TableCell className="text-right tabular-nums">{numbers.format(item.dailyLimit ?? item.defaultDailyLimit)}</TableCell>
              <TableCell className="space-x-2 whitespace-nowrap text-right">
                <Button variant="outline" size="sm" onClick={() => setLimitsOf(item)} aria-label={`Limites de ${item.tenantName}`}>
                  Limites
                </Button>
                <Button variant={item.suspendedAt ? 'outline' : 'destructive'} size="sm" onClick={() => setTarget(item)}>
                  {item.suspendedAt ? 'Retomar envio' : 'Suspender envio'}
                </Button>
              </TableCell>
            </TableRow>
          ),
        }}
      />
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        title={suspending ? `Suspender o envio de e-mails de ${target?.tenantName ?? ''}?` : `Retomar o envio de e-mails de ${target?.tenantName ?? ''}?`}
        description={
          suspending
            ? 'Nenhum e-mail deste tenant será enviado: cada mensagem fica registrada como não enviada, com o motivo, inclusive as que já estão na fila.'
            : 'Os próximos e-mails deste tenant voltam a ser enviados, dentro dos limites diários.'
        }
        confirmLabel={suspending ? 'Suspender' : 'Retomar'}
        pending={update.isPending}
        onConfirm={confirm}
      />
      <MailLimitsDialog tenant={limitsOf} onClose={() => setLimitsOf(null)} />
    </>
  )
}
