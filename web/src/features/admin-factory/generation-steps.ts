/**
 * The factory's four-step indicator (Gerando, Revisando, Compilando, Pronto), driven by a generation's `step`.
 */

/** The steps the indicator shows, in order. */
export type PipelineStep = 'generating' | 'reviewing' | 'compiling' | 'ready'
/** What the server reports: a pipeline step, or 'failed'. */
export type GenerationStep = PipelineStep | 'failed'
export type StepState = 'pending' | 'active' | 'done' | 'failed'

export interface PipelineStepView {
  step: PipelineStep
  label: string
  /** What happens during the step, for the live status line. */
  activity: string
  state: StepState
}

const pipeline: readonly { step: PipelineStep; label: string; activity: string }[] = [
  { step: 'generating', label: 'Gerando', activity: 'A IA está escrevendo o código MQL5…' },
  { step: 'reviewing', label: 'Revisando', activity: 'A IA está revisando o código gerado…' },
  { step: 'compiling', label: 'Compilando', activity: 'O código está sendo compilado no MetaEditor…' },
  { step: 'ready', label: 'Pronto', activity: 'Robô gerado e compilado.' },
]

const runningSteps: readonly string[] = ['generating', 'reviewing', 'compiling']

/** True once the server will not change the generation any more. */
export function isFinishedStep(step: string | null | undefined): boolean {
  return step === 'ready' || step === 'failed'
}

/** A step the generation is still working on (a code this screen does not know counts as still working). */
export function isRunningStep(step: string): step is 'generating' | 'reviewing' | 'compiling' {
  return runningSteps.includes(step)
}

const indexOf = (step: PipelineStep) => pipeline.findIndex((entry) => entry.step === step)

/**
 * The state of each step. `current` null: nothing sent yet (all pending). A running step is active, those before
 * it done; 'ready' marks all four done; 'failed' marks `failedAt` failed and the ones before it done.
 * A step code this screen does not know reads as the first step still running.
 */
export function pipelineView(current: string | null, failedAt: PipelineStep = 'generating'): PipelineStepView[] {
  const states = (position: number, at: StepState): StepState[] =>
    pipeline.map((_, index) => (index < position ? 'done' : index === position ? at : 'pending'))
  let stateList: StepState[]
  if (current === null) stateList = pipeline.map(() => 'pending')
  else if (current === 'ready') stateList = pipeline.map(() => 'done')
  else if (current === 'failed') stateList = states(indexOf(failedAt), 'failed')
  else stateList = states(isRunningStep(current) ? indexOf(current) : 0, 'active')
  return pipeline.map((entry, index) => ({ ...entry, state: stateList[index]! }))
}

/**
 * Where a failed generation stopped: the furthest of the last step seen running and what the generation shows
 * (compile attempts mean it reached compiling; a source means generating was over).
 */
export function failedStepOf(
  generation: { compilationAttempts: number; sourceCode?: string | null },
  lastRunning: PipelineStep | null,
): PipelineStep {
  const shown: PipelineStep = generation.compilationAttempts > 0 ? 'compiling' : generation.sourceCode ? 'reviewing' : 'generating'
  if (!lastRunning) return shown
  return indexOf(lastRunning) > indexOf(shown) ? lastRunning : shown
}
