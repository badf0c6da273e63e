import { z } from 'zod'

/** The send-e-mail dialog: the robot the welcome e-mail is about. */
export const sendEmailSchema = z.object({ robotId: z.string().min(1, 'Selecione um robô') })

export type SendEmailValues = z.infer<typeof sendEmailSchema>
