import { z } from 'zod'
import { robotFileProblem } from '../file-rules'

/** A version part: digits only, at most three (0 to 999). */
const part = z
  .string()
  .trim()
  .regex(/^\d*$/, 'Use apenas números')
  .max(3, 'Máximo 3 dígitos')

const notes = z.string().trim().max(5000, 'Notas devem ter no máximo 5000 caracteres')

/** The upload form: major required, minor and patch optional (blank is 0), an .ex5 or .zip file, optional notes. */
export const versionUploadSchema = z.object({
  major: part.min(1, 'Obrigatório'),
  minor: part,
  patch: part,
  file: z.custom<File | null>().superRefine((file, context) => {
    const problem = file ? robotFileProblem(file) : 'Arquivo é obrigatório'
    if (problem) context.addIssue({ code: 'custom', message: problem })
  }),
  notes,
})

export type VersionUploadValues = z.infer<typeof versionUploadSchema>

/** The form prefilled with the version the server suggests (1.0.0, or the highest major plus one). */
export function versionUploadDefaults(suggested: string | null | undefined): VersionUploadValues {
  const [major = '1', minor = '0', patch = '0'] = (suggested || '1.0.0').split('.')
  return { major, minor, patch, file: null, notes: '' }
}

/** "Major.Minor.Patch" from the three inputs, without leading zeros; blank minor and patch are 0. */
export function versionNumber({ major, minor, patch }: Pick<VersionUploadValues, 'major' | 'minor' | 'patch'>): string {
  return [major, minor, patch].map((value) => String(Number(value.trim() || '0'))).join('.')
}

/** The edit form: the notes, and optionally a file that replaces the current one. */
export const versionEditSchema = z.object({
  notes,
  file: z.custom<File | null>().superRefine((file, context) => {
    const problem = file ? robotFileProblem(file) : null
    if (problem) context.addIssue({ code: 'custom', message: problem })
  }),
})

export type VersionEditValues = z.infer<typeof versionEditSchema>
