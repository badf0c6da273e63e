import { CheckIcon, Loader2Icon, XIcon } from 'lucide-react'
import { cn } from '@/lib/class-names'
import type { PipelineStepView, StepState } from '../generation-steps'

/** What a screen reader hears after each step's name. */
const stateTexts: Record<StepState, string> = {
  pending: 'pendente',
  active: 'em andamento',
  done: 'concluída',
  failed: 'falhou',
}

const markClasses: Record<StepState, string> = {
  pending: 'border-border bg-background text-muted-foreground',
  active: 'border-primary bg-primary text-primary-foreground',
  done: 'border-success bg-success text-white',
  failed: 'border-destructive-fill bg-destructive-fill text-white',
}

function StepMark({ state, number }: { state: StepState; number: number }) {
  return (
    <span aria-hidden className={cn('flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold', markClasses[state])}>
      {state === 'done' ? (
        <CheckIcon className="size-4" />
      ) : state === 'failed' ? (
        <XIcon className="size-4" />
      ) : state === 'active' ? (
        <Loader2Icon className="size-4 animate-spin" />
      ) : (
        number
      )}
    </span>
  )
}

/** The four steps of a generation (Gerando, Revisando, Compilando, Pronto), each marked pending, running, done or failed. */
export function PipelineSteps({ steps }: { steps: PipelineStepView[] }) {
  return (
    <ol aria-label="Etapas da geração" className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-1">
      {steps.map((step, index) => (
        <li
          key={step.step}
          data-testid={`step-${step.step}`}
          data-state={step.state}
          aria-current={step.state === 'active' ? 'step' : undefined}
          className="flex items-center gap-3"
        >
          <StepMark state={step.state} number={index + 1} />
          <span
            className={cn(
              'text-sm font-medium',
              step.state === 'pending' && 'text-muted-foreground',
              step.state === 'failed' && 'text-destructive',
            )}
          >
            {step.label}
            <span className="sr-only"> ({stateTexts[step.state]})</span>
          </span>
        </li>
      ))}
    </ol>
  )
}
