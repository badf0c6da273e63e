import * as React from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { toast } from '@/components/ui/use-toast'
import { ApiError, errorMessage } from '@/lib/api/client'
import { useUpdateTenantMail, type TenantMailItem } from '@/features/admin-catalog/api/tenant-mail'

const MAX_LIMIT = 1_000_000
const LIMIT_MESSAGE = `Informe um número inteiro de 1 a ${MAX_LIMIT.toLocaleString('pt-BR')}, ou deixe em branco para o padrão`

type Field = 'dailyLimit' | 'recipientDailyLimit'

/** Blank is the platform default (null); anything else must be a whole number in range. */
function parseLimit(text: string): { value: number | null } | { error: string } {
  const trimmed = text.trim()
  if (trimmed === '') return { value: null }
  if (!/^\d+$/.test(trimmed)) return { error: LIMIT_MESSAGE }
  const value = Number(trimmed)
  return value >= 1 && value <= MAX_LIMIT ? { value } : { error: LIMIT_MESSAGE }
}

/** The admin's own daily limits for one tenant's platform mail (blank: the platform default). Keeps the suspension as it is. */
export function MailLimitsDialog({ tenant, onClose }: { tenant: TenantMailItem | null; onClose: () => void }) {
  return (
    <Dialog open={tenant !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{tenant ? <LimitsForm key={tenant.tenantId} tenant={tenant} onClose={onClose} /> : null}</DialogContent>
    </Dialog>
  )
}

/** Keyed by tenant: each opening starts from that tenant's saved limits. */
function LimitsForm({ tenant, onClose }: { tenant: TenantMailItem; onClose: () => void }) {
  const update = useUpdateTenantMail()
  const [values, setValues] = React.useState<Record<Field, string>>(() => ({
    dailyLimit: tenant.dailyLimit?.toString() ?? '',
    recipientDailyLimit: tenant.recipientDailyLimit?.toString() ?? '',
  }))
  const [errors, setErrors] = React.useState<Partial<Record<Field, string>>>({})

  const save = (event: React.FormEvent) => {
    event.preventDefault()
    const daily = parseLimit(values.dailyLimit)
    const recipient = parseLimit(values.recipientDailyLimit)
    const found: Partial<Record<Field, string>> = {}
    if ('error' in daily) found.dailyLimit = daily.error
    if ('error' in recipient) found.recipientDailyLimit = recipient.error
    setErrors(found)
    if ('error' in daily || 'error' in recipient) return
    update.mutate(
      {
        tenantId: tenant.tenantId,
        body: {
          suspended: tenant.suspendedAt !== null && tenant.suspendedAt !== undefined,
          reason: tenant.suspendedReason ?? null,
          dailyLimit: daily.value,
          recipientDailyLimit: recipient.value,
        },
      },
      {
        onSuccess: () => {
          toast({ title: 'Limites de e-mail salvos', description: tenant.tenantName })
          onClose()
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors({ dailyLimit: error.fields.dailyLimit, recipientDailyLimit: error.fields.recipientDailyLimit })
          toast({ variant: 'destructive', title: 'Erro ao salvar os limites', description: errorMessage(error, 'Tente novamente.') })
        },
      },
    )
  }

  const field = (name: Field, label: string, placeholder: number) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`mail-${name}`}>{label}</Label>
      <Input
        id={`mail-${name}`}
        inputMode="numeric"
        value={values[name]}
        placeholder={`Padrão: ${placeholder.toLocaleString('pt-BR')}`}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `mail-${name}-error` : undefined}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      />
      {errors[name] ? (
        <p id={`mail-${name}-error`} className="text-sm text-destructive">
          {errors[name]}
        </p>
      ) : null}
    </div>
  )

  return (
    <form onSubmit={save} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Limites de e-mail de {tenant.tenantName}</DialogTitle>
        <DialogDescription>
          Valem para os e-mails que este tenant envia pela plataforma (sem domínio próprio verificado). Em branco: o padrão da plataforma.
        </DialogDescription>
      </DialogHeader>
      {field('dailyLimit', 'E-mails por dia', tenant.defaultDailyLimit)}
      {field('recipientDailyLimit', 'E-mails por destinatário por dia', tenant.defaultRecipientDailyLimit)}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancelar
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Salvando…' : 'Salvar limites'}
        </Button>
      </DialogFooter>
    </form>
  )
}
