import { Link } from 'react-router-dom'
import { ArrowRightIcon, BotIcon, ShoppingCartIcon, WebhookIcon, type LucideIcon } from 'lucide-react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'

interface NextStep {
  icon: LucideIcon
  title: string
  text: string
  to: string
  action: string
}

const nextSteps: NextStep[] = [
  {
    icon: BotIcon,
    title: 'Cadastre seus robôs',
    text: 'Adicione seus Expert Advisors e envie a primeira versão .ex5 de cada um.',
    to: '/robots',
    action: 'Ir para Robôs',
  },
  {
    icon: WebhookIcon,
    title: 'Configure o webhook da Hotmart',
    text: 'Copie a URL do webhook de cada robô e cole no painel da Hotmart: as vendas e licenças passam a ser criadas sozinhas.',
    to: '/robots',
    action: 'Copiar webhooks',
  },
  {
    icon: ShoppingCartIcon,
    title: 'Acompanhe suas vendas',
    text: 'Veja vendas, assinaturas e licenças dos seus clientes conforme chegam.',
    to: '/sales',
    action: 'Ver vendas',
  },
]

/** The dashboard's welcome: what to do next to start selling. */
export function WelcomeCard({ ownerName }: { ownerName: string }) {
  return (
    <Card role="region" aria-labelledby="welcome-title" className="gap-4 py-5">
      <CardHeader className="px-5">
        <CardTitle id="welcome-title" role="heading" aria-level={2}>
          {ownerName ? `Bem-vindo(a), ${ownerName}!` : 'Bem-vindo(a)!'}
        </CardTitle>
        <CardDescription>Próximos passos para vender seus robôs com a sua marca:</CardDescription>
      </CardHeader>
      <CardContent className="px-5">
        <ol className="grid gap-4 md:grid-cols-3">
          {nextSteps.map((step, index) => (
            <li key={step.title} className="flex flex-col gap-2 rounded-lg border p-4">
              <div className="flex items-center gap-2 font-medium">
                <step.icon className="size-4 shrink-0 text-primary" aria-hidden />
                <span>
                  {index + 1}. {step.title}
                </span>
              </div>
              <p className="flex-1 text-sm text-muted-foreground">{step.text}</p>
              <Link to={step.to} className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
                {step.action}
                <ArrowRightIcon className="size-3.5" aria-hidden />
              </Link>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  )
}
