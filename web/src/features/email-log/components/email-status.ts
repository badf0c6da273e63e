import type { StatusTone } from '@/components/data'

/**
 * A message's badge colour: green only once it was really sent, grey while it waits its turn, red for everything that
 * means it did not reach the person (no sender, refused, failed, bounced, marked as spam).
 */
export function emailStatusTone(status: string): StatusTone {
  if (status === 'sent') return 'success'
  if (status === 'queued') return 'secondary'
  return 'destructive'
}

/** Why a message cannot be resent: the one-time links and codes (a copy would be a second key to the same door). */
export const CANNOT_RESEND =
  'Links e códigos de uso único não são reenviados: peça à pessoa que solicite de novo, ou copie um link de acesso para ela.'
