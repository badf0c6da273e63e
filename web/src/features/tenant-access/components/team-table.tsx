import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { InboxIcon, MailIcon, Trash2Icon, UserCheckIcon, UserXIcon } from 'lucide-react'
import { ConfirmDialog, ResponsiveListTable, StatusBadge } from '@/components/data'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/api/client'
import { formatDate } from '@/lib/format'
import { teamQuery, useRemoveTeamMember, useResendInvitation, useUpdateTeamMember, type TeamMember } from '../api/team'
import { roleChoices } from '../invite-form'
import { InvitationSentDialog } from './invitation-sent-dialog'
import { ownerRoleLabels, type OwnerRole } from '../permissions'

type Change = 'deactivate' | 'reactivate' | 'remove'

/** The change that waits for confirmation, and to whom. */
type Pending = { member: TeamMember; change: Change } | null

/** What each confirmation says; `self` when the signed-in owner acts on themselves. */
function confirmation(change: Change, name: string, self: boolean) {
  switch (change) {
    case 'reactivate':
      return {
        title: `Reativar ${name}?`,
        description: 'A pessoa volta a entrar no portal com o e-mail e a senha dela.',
        confirmLabel: 'Reativar',
      }
    case 'deactivate':
      return {
        title: `Desativar ${name}?`,
        description: self
          ? 'Suas sessões terminam agora, esta inclusive, e você não consegue mais entrar até outro administrador reativar seu acesso.'
          : 'As sessões abertas dessa pessoa terminam agora e ela não consegue mais entrar no portal até ser reativada.',
        confirmLabel: 'Desativar',
      }
    case 'remove':
      return {
        title: `Remover ${name} da equipe?`,
        description: `${self ? 'Suas sessões terminam agora, esta inclusive.' : 'As sessões abertas dessa pessoa terminam agora.'} O registro de auditoria guarda o que foi feito; para voltar, só com um novo convite.`,
        confirmLabel: 'Remover',
      }
  }
}

/**
 * The tenant's owners: each one's role (changed in place), whether they may sign in, a pending invitation (with a new
 * link on request) and a proven e-mail. Deactivating and removing end their sessions at once, so they ask first. The
 * signed-in owner (`currentOwnerId`) is marked "você".
 */
/** `onShowEmails`: opens a member's e-mail log (the page owns that dialog: features do not import each other). */
export function TeamTable({
  currentOwnerId,
  onShowEmails,
}: {
  currentOwnerId: string | undefined
  onShowEmails?: (member: TeamMember) => void
}) {
  const query = useQuery(teamQuery())
  const update = useUpdateTeamMember(currentOwnerId)
  const remove = useRemoveTeamMember(currentOwnerId)
  const resend = useResendInvitation()
  const [pending, setPending] = React.useState<Pending>(null)

  const changeRole = (member: TeamMember, role: OwnerRole) =>
    update.mutate(
      { id: member.id, change: { role } },
      {
        onSuccess: (saved) => toast({ title: 'Perfil alterado', description: `${saved.name} agora é ${ownerRoleLabels[saved.role]}.` }),
        onError: (error) => toast({ variant: 'destructive', title: 'Erro ao alterar perfil', description: errorMessage(error, 'Não foi possível alterar o perfil.') }),
      },
    )

  const confirmChange = () => {
    if (!pending) return
    const { member, change } = pending
    if (change === 'remove') {
      remove.mutate(member.id, {
        onSuccess: () => toast({ title: 'Removido da equipe', description: member.name }),
        onError: (error) => toast({ variant: 'destructive', title: 'Erro ao remover', description: errorMessage(error, 'Não foi possível remover da equipe.') }),
        onSettled: () => setPending(null),
      })
      return
    }
    const active = change === 'reactivate'
    update.mutate(
      { id: member.id, change: { active } },
      {
        onSuccess: () => toast({ title: active ? 'Acesso reativado' : 'Acesso desativado', description: member.name }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: active ? 'Erro ao reativar' : 'Erro ao desativar',
            description: errorMessage(error, 'Não foi possível alterar o acesso.'),
          }),
        onSettled: () => setPending(null),
      },
    )
  }
  const confirming = pending && confirmation(pending.change, pending.member.name, pending.member.id === currentOwnerId)
  const changing = update.isPending || remove.isPending

  // What became of a re-sent invitation, with its new link: shown until the owner closes it.
  const [resent, setResent] = React.useState<TeamMember | null>(null)
  const resendInvitation = (member: TeamMember) =>
    resend.mutate(member.id, {
      onSuccess: (sent) => setResent({ ...member, ...sent }),
      onError: (error) => toast({ variant: 'destructive', title: 'Erro ao reenviar convite', description: errorMessage(error, 'Não foi possível reenviar o convite.') }),
    })

  const busy = (member: TeamMember) => (update.isPending && update.variables?.id === member.id) || (remove.isPending && remove.variables === member.id)

  return (
    <>
      <ResponsiveListTable
        label="Equipe"
        columns={[
          {
            label: 'Nome',
            card: 'title',
            cell: (member) => (
              <>
                <div className="font-medium">
                  {member.name}
                  {member.id === currentOwnerId && <span className="ml-1 text-xs font-normal text-muted-foreground">(você)</span>}
                </div>
                <div className="text-xs font-normal text-muted-foreground">{member.email}</div>
              </>
            ),
          },
          {
            label: 'Perfil',
            className: 'w-44',
            cell: (member) => (
              <Select value={member.role} onValueChange={(role) => changeRole(member, role as OwnerRole)} disabled={busy(member)}>
                <SelectTrigger aria-label={`Perfil de ${member.name}`} className="ml-auto w-40 md:ml-0">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {roleChoices.map((choice) => (
                    <SelectItem key={choice.value} value={choice.value}>
                      {choice.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            ),
          },
          {
            label: 'Situação',
            card: 'status',
            cell: (member) => (
              <div className="flex flex-wrap justify-end gap-1 md:justify-start">
                <StatusBadge tone={member.active ? 'success' : 'secondary'}>{member.active ? 'Ativo' : 'Inativo'}</StatusBadge>
                {member.invitationPending && <Badge variant="warning">Convite pendente</Badge>}
                {member.emailVerified && <Badge variant="outline">E-mail verificado</Badge>}
              </div>
            ),
          },
          { label: 'Desde', cell: (member) => formatDate(member.invitedAt ?? member.createdAt) },
          {
            label: 'Ações',
            card: 'actions',
            cell: (member) => (
              <>
                {member.invitationPending && member.active && (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Reenviar convite para ${member.name}`}
                    onClick={() => resendInvitation(member)}
                    disabled={resend.isPending && resend.variables === member.id}
                  >
                    {resend.isPending && resend.variables === member.id ? <Spinner label="Enviando" /> : <MailIcon aria-hidden />}
                    Reenviar convite
                  </Button>
                )}
                {onShowEmails && (
                  <Button variant="ghost" size="sm" aria-label={`E-mails de ${member.name}`} onClick={() => onShowEmails(member)}>
                    <InboxIcon aria-hidden />
                    E-mails
                  </Button>
                )}
                {member.active ? (
                  <Button variant="outline" size="sm" aria-label={`Desativar ${member.name}`} onClick={() => setPending({ member, change: 'deactivate' })} disabled={busy(member)}>
                    <UserXIcon aria-hidden />
                    Desativar
                  </Button>
                ) : (
                  <Button variant="outline" size="sm" aria-label={`Reativar ${member.name}`} onClick={() => setPending({ member, change: 'reactivate' })} disabled={busy(member)}>
                    <UserCheckIcon aria-hidden />
                    Reativar
                  </Button>
                )}
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remover ${member.name} da equipe`}
                  onClick={() => setPending({ member, change: 'remove' })}
                  disabled={busy(member)}
                >
                  <Trash2Icon aria-hidden />
                  Remover
                </Button>
              </>
            ),
          },
        ]}
        rowKey={(member) => member.id}
        rowProps={(member) => ({ className: member.active ? undefined : 'text-muted-foreground' })}
        query={{ ...query, data: query.data && { items: query.data } }}
        empty="Ninguém na equipe ainda"
        errorTitle="Erro ao carregar a equipe"
        errorFallback="Não foi possível carregar a equipe."
      />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && !changing && setPending(null)}
        title={confirming?.title ?? ''}
        description={confirming?.description ?? ''}
        confirmLabel={confirming?.confirmLabel ?? ''}
        pending={changing}
        onConfirm={confirmChange}
      />
      <InvitationSentDialog sent={resent} onClose={() => setResent(null)} />
    </>
  )
}
