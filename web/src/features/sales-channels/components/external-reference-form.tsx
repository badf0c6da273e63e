import * as React from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { ApiError, errorMessage } from '@/lib/api/client'
import { SectionCard } from '@/components/section-card'

interface ExternalReferenceFormProps {
  /** The reference saved for this robot, if any. */
  current: string | null | undefined
  /** Saves it (replacing the current one); rejects with the server's answer. */
  save: (reference: string) => Promise<unknown>
  saving: boolean
  canSave: boolean
}

/**
 * Asaas knows no robot: a charge names the product it is for only by the external reference the owner writes on it.
 * The owner chooses that reference here, once per robot, and uses it on this robot's charges and subscriptions.
 */
export function ExternalReferenceForm({ current, save, saving, canSave }: ExternalReferenceFormProps) {
  // Starts from the saved reference (the page mounts this once the channel is loaded); edited from there.
  const [value, setValue] = React.useState(current ?? '')
  const [fieldError, setFieldError] = React.useState<string | null>(null)
  const id = 'asaas-external-reference'

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const reference = value.trim()
    if (!reference) {
      setFieldError('Informe a referência externa')
      return
    }
    setFieldError(null)
    try {
      await save(reference)
      setValue(reference)
      toast({ title: 'Referência externa salva', description: 'Use-a nas cobranças e assinaturas deste robô no Asaas.' })
    } catch (error) {
      const message = error instanceof ApiError ? (error.fields.externalReference ?? error.fields.reference) : undefined
      if (message) setFieldError(message)
      toast({ variant: 'destructive', title: 'Erro ao salvar a referência externa', description: message ?? errorMessage(error, 'Tente novamente.') })
    }
  }

  return (
    <SectionCard
      id={`${id}-title`}
      title="Referência externa"
      description="Use esta referência externa nas cobranças do Asaas deste robô: é por ela que uma cobrança paga vira uma venda deste robô."
    >
      <p className="text-sm font-medium" role="status" data-testid="external-reference-state">
        {current ? (
          <>
            Referência externa deste robô: <code className="rounded bg-muted px-1 break-all">{current}</code>
          </>
        ) : (
          'Nenhuma referência externa salva: cobranças do Asaas ainda não são ligadas a este robô.'
        )}
      </p>
      {canSave ? (
        <form onSubmit={submit} className="grid gap-2" noValidate aria-label="Salvar referência externa">
          <Label htmlFor={id}>{current ? 'Nova referência externa (substitui a atual)' : 'Referência externa'}</Label>
          <div className="flex flex-wrap gap-2 sm:flex-nowrap">
            <Input
              id={id}
              autoComplete="off"
              spellCheck={false}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${id}-error ${id}-hint` : `${id}-hint`}
              className="min-w-0 flex-1 basis-full font-mono sm:basis-auto"
            />
            <Button type="submit" disabled={saving} className="basis-full sm:basis-auto">
              {saving && <Spinner label="Salvando" />}
              Salvar referência
            </Button>
          </div>
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            Por exemplo, o nome do robô sem espaços. No Asaas, ela vai no campo de referência externa (externalReference) de cada cobrança ou
            assinatura.
          </p>
          {fieldError && (
            <p id={`${id}-error`} className="text-sm text-destructive">
              {fieldError}
            </p>
          )}
        </form>
      ) : (
        <p className="text-sm text-muted-foreground">Só quem pode alterar as configurações da conta muda a referência externa.</p>
      )}
    </SectionCard>
  )
}
