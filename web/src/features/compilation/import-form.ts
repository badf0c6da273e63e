import { z } from 'zod'

/** The spec's import messages: a file that is no .mq5, and a missing robot name or source. */
export const INVALID_FILE_MESSAGE = 'Arquivo inválido'
export const REQUIRED_MESSAGE = 'Campos obrigatórios'
export const ROBOT_NAME_MAX = 200
export const MQ5_ACCEPT = '.mq5'

/** Whether a file name ends in .mq5 (any case, as Windows writes it). */
export function isMq5FileName(name: string): boolean {
  return name.trim().toLowerCase().endsWith('.mq5')
}

/** The robot name a file suggests: its name without the extension ("Robo Alpha.mq5" → "Robo Alpha"). */
export function robotNameFromFileName(name: string): string {
  const trimmed = name.trim()
  const dot = trimmed.lastIndexOf('.')
  return (dot > 0 ? trimmed.slice(0, dot) : trimmed).trim()
}

/** The import form: an .mq5 file (its text is read on submit) and the robot that receives the compiled version. */
export const importFormSchema = z.object({
  file: z.custom<File | null>().superRefine((file, context) => {
    if (!file) context.addIssue({ code: 'custom', message: REQUIRED_MESSAGE })
    else if (!isMq5FileName(file.name)) context.addIssue({ code: 'custom', message: INVALID_FILE_MESSAGE })
  }),
  robotName: z.string().trim().min(1, REQUIRED_MESSAGE).max(ROBOT_NAME_MAX, `O nome do robô pode ter no máximo ${ROBOT_NAME_MAX} caracteres`),
})

export type ImportFormValues = z.infer<typeof importFormSchema>

export const importFormDefaults: ImportFormValues = { file: null, robotName: '' }
