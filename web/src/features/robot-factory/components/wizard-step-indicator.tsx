import { CheckIcon } from 'lucide-react'
import { cn } from '@/lib/class-names'
import type { WizardStep } from '../wizard-form'

/**
 * Where the owner is among the seven steps. Steps already passed can be revisited with a click; later ones only open
 * through Próximo, which checks the current answer first. Step names show on wide screens and are read out everywhere.
 */
export function WizardStepIndicator({ steps, current, onSelect }: { steps: readonly WizardStep[]; current: number; onSelect: (index: number) => void }) {
  return (
    <nav aria-label="Etapas do assistente" className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        Etapa {current + 1} de {steps.length}: <span className="font-medium text-foreground">{steps[current]?.title}</span>
      </p>
      <ol className="flex gap-1.5 sm:gap-2">
        {steps.map((step, index) => {
          const done = index < current
          return (
            <li key={step.field} className="min-w-0 flex-1">
              <button
                type="button"
                onClick={() => onSelect(index)}
                disabled={index > current}
                aria-current={index === current ? 'step' : undefined}
                aria-label={`Etapa ${index + 1}: ${step.title}${done ? ' (concluída)' : ''}`}
                className="group flex w-full flex-col items-center gap-1 rounded-md p-1 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:cursor-default"
              >
                <span
                  className={cn(
                    'flex size-8 items-center justify-center rounded-full border text-sm font-medium',
                    index === current && 'border-primary bg-primary text-primary-foreground',
                    done && 'border-primary text-primary',
                    index > current && 'text-muted-foreground',
                  )}
                >
                  {done ? <CheckIcon aria-hidden className="size-4" /> : index + 1}
                </span>
                <span className="hidden text-center text-xs lg:block" aria-hidden>
                  {step.title}
                </span>
              </button>
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
