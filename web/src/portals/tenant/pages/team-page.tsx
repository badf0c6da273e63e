import * as React from 'react'
import { UserPlusIcon } from 'lucide-react'
import { PageHeading } from '@/components/page-heading'
import { Button } from '@/components/ui/button'
import { useTenantSession } from '@/hooks/use-tenant-session'
import { InviteDialog } from '@/features/tenant-access/components/invite-dialog'
import { SecurityKeyCard } from '@/features/tenant-access/components/security-key-card'
import { TeamTable } from '@/features/tenant-access/components/team-table'
import { MemberEmailsDialog } from '@/features/email-log/components/member-emails-dialog'

/** /team (Administrador only) — who signs in to the portal and with which role, invitations, and the security key. */
export function TenantTeamPage() {
  const { data: session } = useTenantSession()
  const [inviting, setInviting] = React.useState(false)
  const [mailsOf, setMailsOf] = React.useState<{ id: string; name: string; email: string } | null>(null)

  return (
    <div className="space-y-6">
      <PageHeading
        title="Equipe"
        description="Quem entra no portal da sua marca e o que cada perfil pode fazer."
        actions={
          <Button onClick={() => setInviting(true)}>
            <UserPlusIcon aria-hidden />
            Convidar
          </Button>
        }
      />
      <TeamTable currentOwnerId={session?.user.id} onShowEmails={setMailsOf} />
      <SecurityKeyCard />
      <InviteDialog open={inviting} onOpenChange={setInviting} />
      {/* Only admins reach the team page: they may resend what can be resent. */}
      <MemberEmailsDialog member={mailsOf} open={mailsOf !== null} onOpenChange={(open) => !open && setMailsOf(null)} canResend />
    </div>
  )
}
