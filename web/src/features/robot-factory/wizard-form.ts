import { z } from 'zod'

/*
 * The new-project wizard: seven answers, one per step. The limits and messages are the server's (the contract's 422
 * field messages), so whatever passes a step here is accepted there too.
 */

export const ROBOT_NAME_MIN = 3
export const ROBOT_NAME_MAX = 100
export const BLOCK_MIN = 10
export const BLOCK_MAX = 4000

/** The spec's title of a step refused by Próximo; the field's own message says what is missing. */
export const INCOMPLETE_STEP = 'Campo incompleto'

const block = (message: string) =>
  z.string().trim().min(BLOCK_MIN, message).max(BLOCK_MAX, `Cada bloco pode ter no máximo ${BLOCK_MAX} caracteres`)

export const wizardSchema = z.object({
  robotName: z
    .string()
    .trim()
    .min(ROBOT_NAME_MIN, `Nome deve ter pelo menos ${ROBOT_NAME_MIN} caracteres`)
    .max(ROBOT_NAME_MAX, `O nome pode ter no máximo ${ROBOT_NAME_MAX} caracteres`),
  parametrosEntrada: block('Descreva os parâmetros de entrada'),
  gatilhosAbrir: block('Descreva os gatilhos para abrir ordens'),
  gatilhosFechar: block('Descreva os gatilhos para fechar posições'),
  gestaoRisco: block('Descreva a gestão de risco'),
  takeProfitStopLoss: block('Descreva Take Profit e Stop Loss'),
  protecaoCapital: block('Descreva limites para proteção do capital'),
})

export type WizardValues = z.infer<typeof wizardSchema>
export type WizardField = keyof WizardValues

export const wizardDefaults: WizardValues = {
  robotName: '',
  parametrosEntrada: '',
  gatilhosAbrir: '',
  gatilhosFechar: '',
  gestaoRisco: '',
  takeProfitStopLoss: '',
  protecaoCapital: '',
}

export interface WizardStep {
  field: WizardField
  /** The step's name in the indicator and its heading. */
  title: string
  /** What the owner should write, under the heading. */
  description: string
  placeholder: string
  /** The robot's name is one line; every other answer is a block of text. */
  multiline: boolean
  max: number
}

export const WIZARD_STEPS: readonly WizardStep[] = [
  {
    field: 'robotName',
    title: 'Nome do Robô',
    description: 'Como o robô vai se chamar na sua loja e no MetaTrader.',
    placeholder: 'Ex.: Tendência M15',
    multiline: false,
    max: ROBOT_NAME_MAX,
  },
  {
    field: 'parametrosEntrada',
    title: 'Parâmetros de Entrada',
    description: 'O que o trader poderá ajustar no robô: lote, períodos de indicadores, horários de operação, número mágico…',
    placeholder: 'Ex.: Lote inicial 0.10; média rápida de 9 períodos e lenta de 21; operar das 9h às 17h.',
    multiline: true,
    max: BLOCK_MAX,
  },
  {
    field: 'gatilhosAbrir',
    title: 'Gatilhos para Abrir',
    description: 'Quando o robô deve abrir uma compra ou uma venda.',
    placeholder: 'Ex.: Comprar quando a média rápida cruzar a lenta para cima e o RSI(14) estiver abaixo de 70.',
    multiline: true,
    max: BLOCK_MAX,
  },
  {
    field: 'gatilhosFechar',
    title: 'Gatilhos para Fechar',
    description: 'Quando o robô deve encerrar as posições abertas, além do Take Profit e do Stop Loss.',
    placeholder: 'Ex.: Fechar a compra quando a média rápida cruzar a lenta para baixo ou às 17h45.',
    multiline: true,
    max: BLOCK_MAX,
  },
  {
    field: 'gestaoRisco',
    title: 'Gestão de Risco',
    description: 'Quanto arriscar por operação e quantas posições manter ao mesmo tempo.',
    placeholder: 'Ex.: No máximo 1% do saldo por operação; uma posição aberta por vez.',
    multiline: true,
    max: BLOCK_MAX,
  },
  {
    field: 'takeProfitStopLoss',
    title: 'Take Profit e Stop Loss',
    description: 'Onde ficam o alvo e a proteção de cada operação, e se eles se movem.',
    placeholder: 'Ex.: Stop Loss de 200 pontos, Take Profit de 400; trailing stop de 150 pontos após 200 de lucro.',
    multiline: true,
    max: BLOCK_MAX,
  },
  {
    field: 'protecaoCapital',
    title: 'Proteção do Capital',
    description: 'Limites que param o robô para proteger a conta.',
    placeholder: 'Ex.: Parar no dia após perda de 3% ou ganho de 5%; não operar com spread acima de 30 pontos.',
    multiline: true,
    max: BLOCK_MAX,
  },
]

/** The step that asks for `field`; -1 for a field the wizard does not have. */
export function stepOfField(field: string): number {
  return WIZARD_STEPS.findIndex((step) => step.field === field)
}

/** The first step among the fields the server refused, so the owner lands on the one to fix first; null when none is a wizard field. */
export function firstStepWithError(fields: readonly string[]): number | null {
  const steps = fields.map(stepOfField).filter((step) => step >= 0)
  return steps.length > 0 ? Math.min(...steps) : null
}
