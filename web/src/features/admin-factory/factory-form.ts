import { z } from 'zod'
import type { AdminGenerateRequest } from './api/generations'

/** Limits the server checks on POST /api/robots/generate (factory_start.rs, after trimming), with its messages. */
export const ROBOT_NAME_MIN = 3
export const ROBOT_NAME_MAX = 100
export const BLOCK_MIN = 10
export const BLOCK_MAX = 4000

export type StrategyBlockName = 'parametrosEntrada' | 'gatilhosAbrir' | 'gatilhosFechar' | 'gestaoRisco' | 'takeProfitStopLoss' | 'protecaoCapital'

export interface StrategyBlock {
  name: StrategyBlockName
  label: string
  /** The message of a block shorter than BLOCK_MIN characters (the server's). */
  message: string
  placeholder: string
}

/** The six blocks of a strategy, in tab order (tabs 1 to 6). */
export const strategyBlocks: readonly StrategyBlock[] = [
  {
    name: 'parametrosEntrada',
    label: 'Parâmetros de Entrada',
    message: 'Descreva os parâmetros de entrada',
    placeholder: 'Ex.: lote fixo de 0,10; média móvel de 20 períodos; timeframe M15; operar das 9h às 17h.',
  },
  {
    name: 'gatilhosAbrir',
    label: 'Gatilhos para Abrir',
    message: 'Descreva os gatilhos para abrir ordens',
    placeholder: 'Ex.: comprar quando a média de 9 cruzar a de 21 para cima e o RSI estiver abaixo de 70.',
  },
  {
    name: 'gatilhosFechar',
    label: 'Gatilhos para Fechar',
    message: 'Descreva os gatilhos para fechar posições',
    placeholder: 'Ex.: fechar a compra quando a média de 9 cruzar a de 21 para baixo, ou às 17h50.',
  },
  {
    name: 'gestaoRisco',
    label: 'Gestão de Risco',
    message: 'Descreva a gestão de risco',
    placeholder: 'Ex.: arriscar no máximo 1% do saldo por operação; no máximo 2 posições abertas.',
  },
  {
    name: 'takeProfitStopLoss',
    label: 'Take Profit e Stop Loss',
    message: 'Descreva Take Profit e Stop Loss',
    placeholder: 'Ex.: stop loss de 150 pontos, take profit de 300 pontos, trailing stop a partir de 100 pontos.',
  },
  {
    name: 'protecaoCapital',
    label: 'Proteção do Capital',
    message: 'Descreva limites para proteção do capital',
    placeholder: 'Ex.: parar no dia após perda de 3% ou ganho de 5%; drawdown máximo de 10% do saldo.',
  },
]

const blockSchema = (block: StrategyBlock) =>
  z.string().trim().min(BLOCK_MIN, block.message).max(BLOCK_MAX, 'Cada bloco pode ter no máximo 4000 caracteres')

const blockShape = Object.fromEntries(strategyBlocks.map((block) => [block.name, blockSchema(block)])) as Record<
  StrategyBlockName,
  ReturnType<typeof blockSchema>
>

/** The factory form's rules, with the spec's messages. */
export const factoryFormSchema = z.object({
  tenantId: z.string().min(1, 'Selecione um tenant'),
  robotName: z
    .string()
    .trim()
    .min(ROBOT_NAME_MIN, 'Nome deve ter pelo menos 3 caracteres')
    .max(ROBOT_NAME_MAX, 'O nome pode ter no máximo 100 caracteres'),
  ...blockShape,
})

export type FactoryFormValues = z.infer<typeof factoryFormSchema>
export type FactoryFieldName = keyof FactoryFormValues

export const factoryFormDefaults: FactoryFormValues = {
  tenantId: '',
  robotName: '',
  parametrosEntrada: '',
  gatilhosAbrir: '',
  gatilhosFechar: '',
  gestaoRisco: '',
  takeProfitStopLoss: '',
  protecaoCapital: '',
}

/** The request body (the schema has already trimmed the texts). */
export function generateRequest(values: FactoryFormValues): AdminGenerateRequest {
  return { ...values }
}

/** Every field in the order a person meets it: tenant, name, then the blocks' tabs. */
export const factoryFieldOrder: readonly FactoryFieldName[] = ['tenantId', 'robotName', ...strategyBlocks.map((block) => block.name)]

export function isFactoryField(name: string): name is FactoryFieldName {
  return (factoryFieldOrder as readonly string[]).includes(name)
}

/** The tab (0 to 5) of a block, or -1 for the fields above the tabs. */
export function blockIndexOf(name: FactoryFieldName): number {
  return strategyBlocks.findIndex((block) => block.name === name)
}

/** The first of `names` in the order the form shows them (undefined when none is a form field). */
export function firstInOrder(names: Iterable<string>): FactoryFieldName | undefined {
  const wanted = new Set(names)
  return factoryFieldOrder.find((name) => wanted.has(name))
}
