import { z } from 'zod'

/** The erasure dialog: the client's e-mail, typed again to confirm (the server checks it too). */
export const eraseClientSchema = z.object({ confirmEmail: z.string() })

export type EraseClientValues = z.infer<typeof eraseClientSchema>

/**
 * Whether `typed` is the client's e-mail, compared as the server compares it (trimmed, case-insensitive), so the
 * button opens exactly when the server would accept the confirmation.
 */
export function confirmsEmail(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase()
}
