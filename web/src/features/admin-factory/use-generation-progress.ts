import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { toast } from '@/components/ui/use-toast'
import { generationQuery } from './api/generations'
import { failedStepOf, isFinishedStep, isRunningStep, type PipelineStep } from './generation-steps'

/**
 * Follows one generation (`id` null: none) by polling it, and remembers the last step seen running so that a
 * failure is shown at the step where it happened. Says so in a toast when a generation watched here finishes
 * (opening the link of one that had already finished says nothing).
 */
export function useGenerationProgress(id: string | null) {
  const query = useQuery({ ...generationQuery(id ?? ''), enabled: id !== null })
  const generation = id !== null ? query.data : undefined

  // Adjusted while rendering (React's pattern for state derived from earlier renders), not in an effect.
  const [seen, setSeen] = React.useState<{ id: string; step: PipelineStep } | null>(null)
  if (generation && isRunningStep(generation.step) && (seen?.id !== generation.id || seen.step !== generation.step)) {
    setSeen({ id: generation.id, step: generation.step })
  }
  const lastRunning = generation && seen?.id === generation.id ? seen.step : null
  const failedAt = generation?.step === 'failed' ? failedStepOf(generation, lastRunning) : undefined

  const announced = React.useRef<string | null>(null)
  const finishedStep = generation && isFinishedStep(generation.step) && lastRunning !== null ? generation.step : null
  const generationId = generation?.id
  React.useEffect(() => {
    if (!finishedStep || !generationId || announced.current === generationId) return
    announced.current = generationId
    if (finishedStep === 'ready') toast({ title: 'Robô gerado com sucesso!', description: 'O código foi gerado, revisado e compilado.' })
    else toast({ variant: 'destructive', title: 'Erro ao gerar robô', description: 'A geração falhou. Veja o log de erros na página.' })
  }, [finishedStep, generationId])

  return {
    generation,
    failedAt,
    /** The generation could not be read at all (e.g. a link to one that does not exist). */
    loadError: id !== null && query.isError && !query.data ? query.error : null,
    /** A poll failed after an earlier one worked; polling goes on. */
    pollFailing: id !== null && query.isError && !!query.data,
    retry: () => void query.refetch(),
  }
}
