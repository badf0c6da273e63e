import { DashboardPanel } from '@/components/dashboard/dashboard-panel'

/** Where MetaTrader 5 keeps Expert Advisors, as its menus name the way there. */
export const EXPERTS_FOLDER_PATH = 'Arquivo → Abrir Pasta de Dados → MQL5 → Experts'

const STEPS = [
  { title: 'Baixe seu robô', text: 'Em Meus Robôs, clique em Download para baixar o arquivo .ex5 do seu robô.' },
  {
    title: 'Instale no MetaTrader 5',
    text: `Coloque o arquivo na pasta MQL5/Experts do MetaTrader 5 (${EXPERTS_FOLDER_PATH}) e reinicie o MetaTrader ou atualize o Navegador.`,
  },
  { title: 'Aprenda a usar', text: 'Visite a Área de Ensino para aprender a configurar e operar seu robô.' },
]

/** The three steps from purchase to a running robot. */
export function GettingStartedCard() {
  return (
    <DashboardPanel title="Primeiros passos" description="Comece a usar seus robôs em três passos">
      <ol className="grid gap-4">
        {STEPS.map((step, index) => (
          <li key={step.title} className="flex gap-3">
            <span aria-hidden className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
              {index + 1}
            </span>
            <div className="space-y-0.5">
              <p className="font-medium">{step.title}</p>
              <p className="text-sm text-muted-foreground">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </DashboardPanel>
  )
}
