import { equityCurve, numbers, profile } from '@/components/backtest/test-data'
import type { BacktestList, BacktestView } from './api/backtests'

/*
 * Backtests as the API sends them, for this feature's tests and the pages that show its panel (imported by tests only).
 */

export const robotId = '0190c0de-0000-7000-8000-0000000000a1'
export const versionId = '0190c0de-0000-7000-8000-0000000000c2'
export const projectId = '0190c0de-0000-7000-8000-0000000000b1'
export const factoryVersionId = '0190c0de-0000-7000-8000-0000000000b9'

export const RUNS = `/api/tenant/robots/${robotId}/versions/${versionId}/backtests`
export const FACTORY_RUNS = `/api/tenant/robot-projects/${projectId}/versions/${factoryVersionId}/backtests`
export const TESTER_SETTINGS = `/api/tenant/robot-projects/${projectId}/tester-settings`
export const backtestPath = (id: string) => `/api/tenant/backtests/${id}`

export const tester = { quotaMinutes: 600, usedMinutes: 12.5, remainingMinutes: 587.5 }

const base: BacktestView = {
  id: '0190c0de-0000-7000-8000-0000000000e1',
  status: 'queued',
  origin: 'owner',
  profile,
  thresholds: { maxDrawdownPercent: 30, minProfitFactor: 1.2 },
  numbers: null,
  equityCurve: [],
  recommended: null,
  reasons: [],
  errorMessage: null,
  onSalesPage: false,
  testerSeconds: 0,
  createdAt: '2025-03-10T15:00:00Z',
  startedAt: null,
  completedAt: null,
}

export const queuedRun: BacktestView = base

export const runningRun: BacktestView = { ...base, status: 'running', startedAt: '2025-03-10T15:01:00Z', testerSeconds: 0 }

/** Completed and recommended. */
export const completedRun: BacktestView = {
  ...base,
  id: '0190c0de-0000-7000-8000-0000000000e4',
  status: 'completed',
  numbers,
  equityCurve,
  recommended: true,
  testerSeconds: 450,
  startedAt: '2025-03-10T15:01:00Z',
  completedAt: '2025-03-10T15:08:30Z',
}

export const poorRun: BacktestView = {
  ...completedRun,
  id: '0190c0de-0000-7000-8000-0000000000e2',
  createdAt: '2025-03-09T10:00:00Z',
  numbers: { ...numbers, netProfit: -250, profitFactor: 0.8, maxDrawdownPercent: 42 },
  recommended: false,
  reasons: ['Rebaixamento máximo de 42,00% acima do limite de 30,00%.', 'Fator de lucro 0,80 abaixo do mínimo de 1,20.'],
}

export const failedRun: BacktestView = {
  ...base,
  id: '0190c0de-0000-7000-8000-0000000000e3',
  status: 'failed',
  errorMessage: 'O Strategy Tester não gerou o relatório (o robô não carregou).',
}

export const list = (...items: BacktestView[]): BacktestList => ({ items, tester })
