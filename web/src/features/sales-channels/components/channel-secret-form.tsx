import * as React from 'react'
import { EyeIcon, EyeOffIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { ApiError, errorMessage } from '@/lib/api/client'
import { platformWords, secretWords, type SalesChannelPlatform } from '../platforms'
import { SectionCard } from '@/components/section-card'

interface ChannelSecretFormProps {
  platform: SalesChannelPlatform
  configured: boolean
  prefix: string | null | undefined
  /** Saves the secret (it replaces the current one); rejects with the server's answer. */
  save: (secret: string) => Promise<unknown>
  saving: boolean
  /** The role may change settings; without it the state is shown and no form. */
  canSave: boolean
}

/** What the saved secret is: "configurado (começa com abcd)", or that deliveries are refused until it is set. */
export function secretState(platform: SalesChannelPlatform, configured: boolean, prefix: string | null | undefined): string {
  const secret = secretWords(platform)
  const name = platform.secretName
  if (!configured) {
    return `${secret.none} ${name} ${secret.saved}: ${platformWords(platform).the} não consegue entregar vendas até você salvar ${secret.the === 'a' ? 'a sua' : 'o seu'}.`
  }
  return prefix ? `${name} ${secret.set} (começa com ${prefix})` : `${name} ${secret.set}`
}

/**
 * The platform's secret (Hotmart's hottok for the account, Kiwify's token for one robot), typed by the owner: a
 * password input with show/hide; saving replaces the one kept (it is never shown back, only how it begins).
 */
export function ChannelSecretForm({ platform, configured, prefix, save, saving, canSave }: ChannelSecretFormProps) {
  const [value, setValue] = React.useState('')
  const [visible, setVisible] = React.useState(false)
  const [fieldError, setFieldError] = React.useState<string | null>(null)
  const id = `${platform.key}-secret`
  const name = platform.secretName
  const words = platformWords(platform)
  const agreeing = secretWords(platform)
  const scope = platform.secretScope === 'account' ? `para todos os seus robôs ${words.in}` : 'só para este robô'

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const typed = value.trim()
    if (!typed) {
      setFieldError(`Cole ${agreeing.the} ${name} ${words.of}`)
      return
    }
    setFieldError(null)
    try {
      await save(typed)
      setValue('')
      setVisible(false)
      toast({ title: `${capitalised(name)} ${agreeing.saved}`, description: `${agreeing.the === 'a' ? 'Ela' : 'Ele'} vale ${scope}.` })
    } catch (error) {
      const message = error instanceof ApiError ? (error.fields[platform.secretField] ?? error.fields[name] ?? error.fields.secret) : undefined
      if (message) setFieldError(message)
      toast({ variant: 'destructive', title: `Erro ao salvar ${agreeing.the} ${name}`, description: message ?? errorMessage(error, 'Tente novamente.') })
    }
  }

  return (
    <SectionCard id={`${id}-title`} title={`${capitalised(name)} ${words.of}`} description={`O código que prova que cada venda veio ${words.of}: está em ${platform.secretWhere}.`}>
      <p className="text-sm font-medium" role="status" data-testid="secret-state">
        {capitalised(secretState(platform, configured, prefix))}
      </p>
      {canSave ? (
        <form onSubmit={submit} className="grid gap-2" noValidate aria-label={`Salvar ${name}`}>
          <Label htmlFor={id}>{configured ? `${agreeing.new} ${name} (substitui ${agreeing.current})` : capitalised(name)}</Label>
          <div className="flex flex-wrap gap-2 sm:flex-nowrap">
            <div className="flex min-w-0 flex-1 gap-2">
              <Input
                id={id}
                type={visible ? 'text' : 'password'}
                autoComplete="off"
                spellCheck={false}
                value={value}
                onChange={(event) => setValue(event.target.value)}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? `${id}-error` : undefined}
                className="min-w-0 flex-1 font-mono"
              />
              <Button
                type="button"
                variant="outline"
                size="icon"
                aria-label={visible ? `Ocultar ${name}` : `Mostrar ${name}`}
                title={visible ? `Ocultar ${name}` : `Mostrar ${name}`}
                aria-pressed={visible}
                onClick={() => setVisible((shown) => !shown)}
              >
                {visible ? <EyeOffIcon aria-hidden /> : <EyeIcon aria-hidden />}
              </Button>
            </div>
            <Button type="submit" disabled={saving} className="basis-full sm:basis-auto">
              {saving && <Spinner label="Salvando" />}
              {configured ? `Substituir ${name}` : `Salvar ${name}`}
            </Button>
          </div>
          {fieldError && (
            <p id={`${id}-error`} className="text-sm text-destructive">
              {fieldError}
            </p>
          )}
        </form>
      ) : (
        <p className="text-sm text-muted-foreground">Só quem pode alterar as configurações da conta salva {agreeing.the} {name}.</p>
      )}
    </SectionCard>
  )
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
