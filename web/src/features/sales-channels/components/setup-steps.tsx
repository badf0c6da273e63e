import { CopyableValue } from '@/components/data'
import { platformWords, type SalesChannelPlatform } from '../platforms'
import { SectionCard } from '@/components/section-card'

/**
 * Where the platform must post this robot's events (the whole URL, with a button that copies all of it) and the
 * numbered steps of the platform's own panel, with the version and every event to tick.
 */
export function SetupSteps({ platform, webhookUrl }: { platform: SalesChannelPlatform; webhookUrl: string }) {
  const before = platform.stepsBeforeEvents
  const words = platformWords(platform)
  const eventsStep = before.length + 1
  return (
    <SectionCard id="channel-setup" title={`Configure ${words.in}`} description={`Siga estes passos no painel ${words.of}. Leva poucos minutos.`}>
      <CopyableValue label="URL do webhook" value={webhookUrl} copyLabel="Copiar URL do webhook" success={`Cole no painel ${words.of}.`} showCopyLabel mono />
      <ol className="grid gap-3 text-sm" aria-label={`Passos no painel ${words.of}`}>
        {before.map((text, index) => (
          <Step key={text} number={index + 1}>
            {text}
          </Step>
        ))}
        <Step number={eventsStep}>
          Marque os eventos:
          <ul className="mt-2 grid gap-1 sm:grid-cols-2" aria-label="Eventos a marcar">
            {platform.events.map((event) => (
              <li key={event.code} className="flex flex-wrap items-baseline gap-x-2">
                <span>{event.label}</span>
                <code className="rounded bg-muted px-1 text-xs break-all">{event.code}</code>
              </li>
            ))}
          </ul>
        </Step>
        {platform.stepsAfterEvents.map((text, index) => (
          <Step key={text} number={eventsStep + index + 1}>
            {text}
          </Step>
        ))}
      </ol>
    </SectionCard>
  )
}

function Step({ number, children }: { number: number; children: React.ReactNode }) {
  return (
    <li className="grid grid-cols-[1.75rem_1fr] items-start gap-2">
      <span className="flex size-6 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground" aria-hidden>
        {number}
      </span>
      <div>
        <span className="sr-only">Passo {number}: </span>
        {children}
      </div>
    </li>
  )
}
