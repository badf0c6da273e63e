import * as React from 'react'
import { Link } from 'react-router-dom'
import { ArrowRightIcon, CheckCircle2Icon, CircleIcon, CopyIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { SectionError } from '@/components/dashboard/dashboard-panel'
import { copyToClipboard, toastCopied, toastCopyFailed } from '@/components/data/clipboard'
import { HotmartStepLink } from './hotmart-step-link'
import { useMarkPortalShared, useOnboarding, type OnboardingProgress } from '@/features/tenant-commerce/api/onboarding'

interface StepLook {
  title: string
  text: string
  to?: string
  action?: string
}

/** What each step of the server's checklist asks, in pt-BR, and where it is done. */
const looks: Record<string, StepLook> = {
  branding: { title: 'Personalize sua marca', text: 'Nome, logo e cores que seus clientes veem no portal e nos e-mails.', to: '/settings', action: 'Abrir Configurações' },
  sender: { title: 'Configure o remetente de e-mails', text: 'Sua chave do Resend e o seu domínio: acessos, convites e avisos saem com o seu nome.', to: '/email-settings', action: 'Abrir E-mails' },
  robot: { title: 'Cadastre seu primeiro robô', text: 'Crie o robô que você vende (nome, descrição e logo).', to: '/robots', action: 'Ir para Robôs' },
  activeVersion: { title: 'Publique a primeira versão', text: 'Envie o .mq5 ou .ex5 e ative a versão que o comprador baixa.', to: '/robots', action: 'Ir para Robôs' },
  // Its link goes to the first robot's Hotmart screen (HotmartStepLink).
  salesChannel: { title: 'Conecte a Hotmart', text: 'Cole a URL do webhook do robô no painel da Hotmart e salve o hottok: cada venda cria a licença sozinha.' },
  firstSale: { title: 'Faça a primeira venda', text: 'Uma venda pela Hotmart ou registrada por você em Vendas.', to: '/sales', action: 'Ir para Vendas' },
  portalShared: { title: 'Divulgue o portal do cliente', text: 'É onde o comprador baixa o robô e confirma a conta MT5.' },
}

const mailNotes: Record<string, string> = {
  none: 'Hoje nenhum e-mail é entregue: sem remetente, os acessos ficam registrados como "não enviado".',
  platform: 'Hoje os e-mails saem pelo serviço da plataforma, com limites diários.',
}

function PortalAddress({ url }: { url: string }) {
  const mark = useMarkPortalShared()
  const copy = async () => {
    if (await copyToClipboard(url)) {
      toastCopied('Endereço do portal do cliente copiado.')
      mark.mutate()
    } else {
      toastCopyFailed()
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <code className="min-w-0 break-all rounded bg-muted px-2 py-1 text-xs">{url}</code>
      <Button type="button" variant="outline" size="sm" onClick={copy}>
        <CopyIcon aria-hidden />
        Copiar endereço
      </Button>
    </div>
  )
}

function Steps({ progress }: { progress: OnboardingProgress }) {
  return (
    <ol className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
      {progress.steps.map((step, index) => {
        const look = looks[step.key] ?? { title: step.key, text: '' }
        const note = step.key === 'sender' && !step.done ? mailNotes[progress.mailDelivery] : undefined
        return (
          <li key={step.key} className="flex flex-col gap-2 rounded-lg border p-4" data-done={step.done}>
            <div className="flex items-start gap-2 font-medium">
              {step.done ? (
                <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
              ) : (
                <CircleIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
              )}
              <span className={step.done ? 'text-muted-foreground line-through' : undefined}>
                {index + 1}. {look.title}
                <span className="sr-only">{step.done ? ' (feito)' : ' (a fazer)'}</span>
              </span>
            </div>
            {!step.done && <p className="text-sm text-muted-foreground">{look.text}</p>}
            {note && <p className="text-sm text-destructive">{note}</p>}
            {step.key === 'portalShared' && <PortalAddress url={progress.portalUrl} />}
            {step.key === 'salesChannel' && !step.done && <HotmartStepLink />}
            {!step.done && look.to && look.action && (
              <Link to={look.to} className="mt-auto inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
                {look.action}
                <ArrowRightIcon className="size-3.5" aria-hidden />
              </Link>
            )}
          </li>
        )
      })}
    </ol>
  )
}

/** The dashboard's welcome: the first-day checklist, ticked from real state; folded away once all is done. */
export function WelcomeCard({ ownerName }: { ownerName: string }) {
  const onboarding = useOnboarding()
  const [reopened, setReopened] = React.useState(false)
  const progress = onboarding.data
  // A first load that failed says so (a later failed refetch keeps the last answer on screen).
  if (!progress && onboarding.isError) {
    return (
      <SectionError
        title="Erro ao carregar os primeiros passos"
        error={onboarding.error}
        onRetry={() => void onboarding.refetch()}
        retrying={onboarding.isFetching}
      />
    )
  }
  if (!progress) return null
  const done = progress.steps.filter((s) => s.done).length
  const title = ownerName ? `Bem-vindo(a), ${ownerName}!` : 'Bem-vindo(a)!'
  if (progress.complete && !reopened) {
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground" role="status">
        <CheckCircle2Icon className="size-4 text-emerald-600" aria-hidden />
        Configuração inicial concluída.
        <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={() => setReopened(true)}>
          Ver lista
        </Button>
      </div>
    )
  }
  return (
    <Card role="region" aria-labelledby="welcome-title" className="gap-4 py-5">
      <CardHeader className="px-5">
        <CardTitle id="welcome-title" role="heading" aria-level={2}>
          {title}
        </CardTitle>
        <CardDescription>
          Primeiros passos para vender com a sua marca: {done} de {progress.steps.length} feitos.
        </CardDescription>
      </CardHeader>
      <CardContent className="px-5">
        <Steps progress={progress} />
        {progress.complete && (
          <Button type="button" variant="ghost" size="sm" className="mt-3" onClick={() => setReopened(false)}>
            Ocultar lista
          </Button>
        )}
      </CardContent>
    </Card>
  )
}
