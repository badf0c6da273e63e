import { InvitationOutcome } from '@/components/invitation/invitation-outcome'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import type { TeamMember } from '../api/team'

/** A re-sent invitation, told as it is, with its new link to copy (the earlier link stopped working). */
export function InvitationSentDialog({ sent, onClose }: { sent: TeamMember | null; onClose: () => void }) {
  return (
    <Dialog open={sent !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Novo convite para {sent?.name}</DialogTitle>
          <DialogDescription>O link anterior deixou de valer; só este novo funciona.</DialogDescription>
        </DialogHeader>
        {sent && <InvitationOutcome sent={sent} />}
        <DialogFooter>
          <Button onClick={onClose}>Concluir</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
