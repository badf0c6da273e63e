/**
 * Fixtures of the AI robot factory screens (imported by tests only): the factory's status, a project at work on its
 * second version after a first that compiled, and generations, as the API answers them.
 */
import { page } from '@/test/api-routes'
import type { ConversationMessage, FactoryStatus, GenerationDetail, GenerationSummary, ProjectDetail, ProjectSummary, ProjectVersion } from './api/types'

export const tenantId = '0190c0de-0000-7000-8000-00000000000a'
export const projectId = '0190c0de-0000-7000-8000-0000000000e1'
export const firstVersionId = '0190c0de-0000-7000-8000-0000000000f1'
export const secondVersionId = '0190c0de-0000-7000-8000-0000000000f2'
export const generationId = '0190c0de-0000-7000-8000-0000000000a9'

export const factoryStatus = (overrides: Partial<FactoryStatus> = {}): FactoryStatus => ({
  configured: true,
  model: 'gpt-4o-mini',
  monthlyQuota: 10,
  usedThisMonth: 3,
  remainingThisMonth: 7,
  ...overrides,
})

export const prompt = {
  robotName: 'Tendência M15',
  parametrosEntrada: 'Lote 0.10; médias de 9 e 21 períodos.',
  gatilhosAbrir: 'Comprar no cruzamento da média rápida para cima.',
  gatilhosFechar: 'Fechar no cruzamento contrário.',
  gestaoRisco: 'Uma posição por vez, 1% do saldo.',
  takeProfitStopLoss: 'SL 200 pontos, TP 400 pontos.',
  protecaoCapital: 'Parar no dia após perda de 3%.',
}

export function version(overrides: Partial<ProjectVersion> = {}): ProjectVersion {
  return {
    id: firstVersionId,
    version: 1,
    compilationStatus: 'success',
    createdAt: '2025-03-10T15:00:00Z',
    retryCount: 0,
    maxRetries: 3,
    hasCompiledFile: true,
    errorLog: null,
    reviewNotes: 'Usa CTrade corretamente; adicionei verificação de spread.',
    errorMessage: null,
    diagnostics: [],
    generationId,
    ...overrides,
  }
}

/** The second version: its first compile failed and the AI is fixing it (one of three attempts used). */
export const fixingVersion = () =>
  version({
    id: secondVersionId,
    version: 2,
    compilationStatus: 'fixing',
    createdAt: '2025-03-11T10:00:00Z',
    retryCount: 1,
    hasCompiledFile: false,
    reviewNotes: null,
    errorMessage: 'A compilação falhou com 1 erro.',
    diagnostics: [{ line: 12, column: 5, severity: 'error', code: '256', message: "'lotes' - undeclared identifier", inInjectedCode: false }],
  })

export function message(overrides: Partial<ConversationMessage>): ConversationMessage {
  return { id: `m-${Math.random()}`, role: 'system', type: 'request', content: '', createdAt: '2025-03-10T15:00:00Z', ...overrides }
}

export const conversation = (): ConversationMessage[] => [
  message({ id: 'm1', role: 'user', type: 'request', content: 'Robô de cruzamento de médias no M15.' }),
  message({ id: 'm2', role: 'assistant', type: 'generation', content: 'Aqui está o código:\n```mql5\nint OnInit() { return(INIT_SUCCEEDED); }\n```\nPronto para compilar.' }),
  message({ id: 'm3', role: 'system', type: 'compile_success', content: 'Versão 1 compilada com sucesso.' }),
  message({ id: 'm4', role: 'system', type: 'something_new', content: 'Evento desconhecido.' }),
]

export function project(overrides: Partial<ProjectDetail> = {}): ProjectDetail {
  return {
    id: projectId,
    name: 'Tendência M15',
    description: 'Cruzamento de médias com filtro de spread.',
    status: 'ready_to_publish',
    createdAt: '2025-03-10T15:00:00Z',
    updatedAt: '2025-03-11T10:00:00Z',
    publishedRobotId: null,
    versionCount: 2,
    latestVersion: { id: secondVersionId, version: 2, compilationStatus: 'fixing' },
    conversationHistory: conversation(),
    versions: [fixingVersion(), version()],
    generationPrompt: prompt,
    ...overrides,
  }
}

export function projectSummary(overrides: Partial<ProjectSummary> = {}): ProjectSummary {
  const { conversationHistory: _c, versions: _v, generationPrompt: _g, ...summary } = project()
  return { ...summary, ...overrides }
}

export const projectsPage = (items: ProjectSummary[] = [projectSummary()]) => page(items)

export function generation(overrides: Partial<GenerationDetail> = {}): GenerationDetail {
  return {
    id: generationId,
    projectId,
    status: 'completed',
    generationPrompt: { robotName: 'Tendência M15', robotDescription: 'Cruzamento de médias no M15 com filtro de spread.' },
    version: 1,
    createdAt: '2025-03-10T15:00:00Z',
    completedAt: '2025-03-10T15:04:00Z',
    compilationAttempts: 2,
    sourceCode: '#property strict\n' + 'input double Lote = 0.10;\n'.repeat(60),
    reviewNotes: 'Código revisado: sem problemas.',
    errorLog: null,
    ...overrides,
  }
}

export function generationSummary(overrides: Partial<GenerationSummary> = {}): GenerationSummary {
  const { sourceCode: _s, reviewNotes: _r, errorLog: _e, ...summary } = generation()
  return { ...summary, ...overrides }
}
