import { z } from 'zod'
import type { AdjustmentRequest, ProjectDetail } from './api/types'

export const ADJUSTMENT_MIN = 10

export const adjustmentSchema = z.object({
  adjustmentRequest: z.string().trim().min(ADJUSTMENT_MIN, 'Descreva os ajustes desejados').max(4000, 'Os ajustes podem ter no máximo 4000 caracteres'),
})

export type AdjustmentValues = z.infer<typeof adjustmentSchema>

/** Whether the text is long enough to send: the spec keeps Enviar Solicitação off until it is. */
export function isAdjustmentReady(text: string): boolean {
  return text.trim().length >= ADJUSTMENT_MIN
}

/**
 * What request-adjustments receives: the owner's changes on top of the seven answers the latest version was generated
 * from (the server builds the new prompt from both); an answer the project does not have goes as ''.
 */
export function adjustmentBody(prompt: ProjectDetail['generationPrompt'], adjustmentRequest: string): AdjustmentRequest {
  return {
    adjustmentRequest: adjustmentRequest.trim(),
    robotName: prompt?.robotName ?? '',
    parametrosEntrada: prompt?.parametrosEntrada ?? '',
    gatilhosAbrir: prompt?.gatilhosAbrir ?? '',
    gatilhosFechar: prompt?.gatilhosFechar ?? '',
    gestaoRisco: prompt?.gestaoRisco ?? '',
    takeProfitStopLoss: prompt?.takeProfitStopLoss ?? '',
    protecaoCapital: prompt?.protecaoCapital ?? '',
  }
}
