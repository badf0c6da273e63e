import { useQuery } from '@tanstack/react-query'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { memberEmailsQuery } from '../api/email-log'
import { EmailLogContent } from './email-log-section'

/**
 * A team member's e-mails (invitation, password links), each with what really happened. Opened from the team list
 * ("E-mails" on a member's row); the one-time links in it are never resent.
 */
export function MemberEmailsDialog({
  member,
  open,
  onOpenChange,
  canResend,
}: {
  member: { id: string; name: string; email: string } | null
  open: boolean
  onOpenChange: (open: boolean) => void
  canResend: boolean
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>E-mails de {member?.name ?? 'membro'}</DialogTitle>
          <DialogDescription>O que foi enviado para {member?.email ?? 'esta pessoa'} e o que de fato aconteceu com cada mensagem.</DialogDescription>
        </DialogHeader>
        {member && open && <MemberEmails memberId={member.id} name={member.name} canResend={canResend} />}
      </DialogContent>
    </Dialog>
  )
}

function MemberEmails({ memberId, name, canResend }: { memberId: string; name: string; canResend: boolean }) {
  const query = useQuery(memberEmailsQuery(memberId))
  return <EmailLogContent query={query} canResend={canResend} label={`E-mails de ${name}`} />
}
