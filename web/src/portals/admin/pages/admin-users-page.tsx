import * as React from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { KeyRoundIcon, PlusIcon, UserCheckIcon, UserXIcon } from 'lucide-react'
import { ConfirmDialog, ListPage, StatusBadge, useListParams } from '@/components/data'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { TableCell, TableRow } from '@/components/ui/table'
import { toast } from '@/components/ui/use-toast'
import {
  adminUsersQuery,
  useDeactivateAdminUser,
  useReactivateAdminUser,
  type AdminUserItem,
} from '@/features/admin-users/api/admin-users'
import { AdminUserDialog } from '@/features/admin-users/components/admin-user-dialog'
import { ResetPasswordDialog } from '@/features/admin-users/components/reset-password-dialog'
import { useAdminSession } from '@/features/auth/api/admin-session'
import { endSession } from '@/lib/query-keys/auth'
import { errorMessage } from '@/lib/api/client'
import { formatDate } from '@/lib/format'

const columns = [
  { label: 'Nome' },
  { label: 'Usuário' },
  { label: 'E-mail' },
  { label: 'Status' },
  { label: 'Criado em' },
  { label: 'Ações', srOnly: true },
]

/**
 * Usuários: the platform's admins. Create one, deactivate (their sessions end at once; the last active admin cannot
 * be), reactivate, and set a new password. Every change is in the audit log.
 */
export function AdminUsersPage() {
  const list = useListParams(['q'] as const)
  const query = useQuery(adminUsersQuery({ page: list.page, pageSize: list.pageSize, q: list.filters.q }))
  const me = useAdminSession().data?.id
  const queryClient = useQueryClient()
  const [creating, setCreating] = React.useState(false)
  const [deactivating, setDeactivating] = React.useState<AdminUserItem | null>(null)
  const [resetting, setResetting] = React.useState<AdminUserItem | null>(null)
  const deactivate = useDeactivateAdminUser()
  const reactivate = useReactivateAdminUser()

  const confirmDeactivation = () => {
    if (!deactivating) return
    const user = deactivating
    deactivate.mutate(user.id, {
      onSuccess: () => {
        setDeactivating(null)
        toast({ title: 'Usuário desativado', description: `${user.name} não entra mais no painel; as sessões abertas foram encerradas.` })
        // One's own session has just ended: back to the login.
        if (user.id === me) endSession(queryClient, 'admin')
      },
      onError: (error) => {
        setDeactivating(null)
        toast({ variant: 'destructive', title: 'Erro ao desativar usuário', description: errorMessage(error, 'Tente novamente.') })
      },
    })
  }

  const reactivateUser = (user: AdminUserItem) =>
    reactivate.mutate(user.id, {
      onSuccess: () => toast({ title: 'Usuário reativado', description: `${user.name} pode entrar no painel de novo.` }),
      onError: (error) => toast({ variant: 'destructive', title: 'Erro ao reativar usuário', description: errorMessage(error, 'Tente novamente.') }),
    })


  return (
    <ListPage
      title="Usuários"
      description="Administradores da plataforma."
      actions={
        <Button onClick={() => setCreating(true)}>
          <PlusIcon aria-hidden />
          Novo usuário
        </Button>
      }
      list={list}
      search={{ key: 'q', label: 'Buscar por nome, usuário ou e-mail' }}
      query={query}
      table={{
        label: 'Usuários',
        columns,
        empty: 'Nenhum usuário encontrado',
        errorTitle: 'Erro ao carregar usuários',
        errorFallback: 'Não foi possível carregar os usuários.',
        renderRow: (user) => (
          <TableRow key={user.id}>
            <TableCell className="font-medium">
              {user.name}
              {user.id === me && (
                <Badge variant="secondary" className="ml-2">
                  você
                </Badge>
              )}
            </TableCell>
            <TableCell className="font-mono text-xs">{user.username}</TableCell>
            <TableCell>{user.email}</TableCell>
            <TableCell>
              <StatusBadge tone={user.isActive ? 'success' : 'secondary'}>{user.isActive ? 'Ativo' : 'Inativo'}</StatusBadge>
            </TableCell>
            <TableCell>{formatDate(user.createdAt)}</TableCell>
            <TableCell>
              <div className="flex flex-wrap items-center justify-end gap-1">
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Redefinir senha de ${user.name}`}
                  onClick={() => setResetting(user)}
                >
                  <KeyRoundIcon aria-hidden />
                  Senha
                </Button>
                {user.isActive ? (
                  <Button variant="ghost" size="sm" className="text-destructive" aria-label={`Desativar ${user.name}`} onClick={() => setDeactivating(user)}>
                    <UserXIcon aria-hidden />
                    Desativar
                  </Button>
                ) : (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Reativar ${user.name}`}
                    disabled={reactivate.isPending && reactivate.variables === user.id}
                    onClick={() => reactivateUser(user)}
                  >
                    <UserCheckIcon aria-hidden />
                    Reativar
                  </Button>
                )}
              </div>
            </TableCell>
          </TableRow>
        ),
      }}
    >
      <AdminUserDialog open={creating} onOpenChange={setCreating} />
      <ConfirmDialog
        open={deactivating !== null}
        onOpenChange={(open) => !open && setDeactivating(null)}
        title={`Desativar ${deactivating?.name ?? ''}?`}
        description={
          deactivating?.id === me
            ? 'Você perderá o acesso ao painel agora mesmo. Outro administrador poderá reativá-lo.'
            : 'A pessoa deixa de entrar no painel e as sessões abertas dela são encerradas agora. Você pode reativá-la depois.'
        }
        confirmLabel="Desativar"
        pending={deactivate.isPending}
        onConfirm={confirmDeactivation}
      />
      <ResetPasswordDialog
        user={resetting}
        isSelf={resetting?.id === me}
        // A new password for oneself ends one's own session too: back to the login.
        onSaved={(user) => user.id === me && endSession(queryClient, 'admin')}
        onClose={() => setResetting(null)}
      />
    </ListPage>
  )
}
