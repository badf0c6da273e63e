/**
 * Fixtures of the admin AI screens' tests (imported by tests only).
 */
import type { AiTenantUsage, AiUsage } from './api/ai-usage'
import type { AdminGeneration } from './api/generations'

export const tenantId = '0190c0de-0000-7000-8000-00000000000a'

export const mql5Source = '#property strict\nint OnInit() { return(INIT_SUCCEEDED); }\nvoid OnTick() {}\n'

/** A generation as the 202 answers it. */
export const startedGeneration: AdminGeneration = {
  id: '0190c0de-0000-7000-8000-0000000000f1',
  projectId: '0190c0de-0000-7000-8000-0000000000e1',
  tenantId,
  status: 'generating',
  step: 'generating',
  sourceCode: null,
  reviewNotes: null,
  errorLog: null,
  compilationAttempts: 0,
}

export const reviewingGeneration: AdminGeneration = { ...startedGeneration, status: 'reviewing', step: 'reviewing', sourceCode: mql5Source }

export const compilingGeneration: AdminGeneration = { ...reviewingGeneration, step: 'compiling', compilationAttempts: 1, reviewNotes: 'Stop loss validado.' }

export const readyGeneration: AdminGeneration = { ...compilingGeneration, status: 'completed', step: 'ready' }

export const failedGeneration: AdminGeneration = {
  ...compilingGeneration,
  status: 'failed',
  step: 'failed',
  compilationAttempts: 3,
  errorLog: "robo.mq5(12,5) : error 199: 'OrderSend' - wrong parameters count",
}

export const usageA: AiTenantUsage = {
  tenantId,
  tenantName: 'Robôs do João',
  monthlyQuota: 50,
  generationsThisMonth: 12,
  promptTokens: 1234567,
  completionTokens: 98765,
  costThisMonth: '12.5',
  costTotal: '1234.56',
}

export const usageB: AiTenantUsage = {
  tenantId: '0190c0de-0000-7000-8000-00000000000b',
  tenantName: 'Trader Pro',
  monthlyQuota: 5,
  generationsThisMonth: 5,
  promptTokens: 0,
  completionTokens: 0,
  costThisMonth: '0.0042',
  costTotal: '0',
}

export const configuredUsage: AiUsage = { configured: true, model: 'gpt-4o-mini', tenants: [usageA, usageB] }
export const unconfiguredUsage: AiUsage = { configured: false, model: null, tenants: [usageA] }
