import { CopyableValue } from '@/components/data'
import { InvitationOutcome } from '@/components/invitation/invitation-outcome'
import { Button } from '@/components/ui/button'
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import type { CreatedTenant } from '../api/tenants'

/**
 * What the admin hands over after creating a tenant: both portals' addresses, the first owner's invitation told as it
 * is (with its link to send another way), and, last and quiet, the security key shown this once (the spec's): the
 * invitation already lets the owner in, so the key need not travel.
 */
export function CreatedTenantPanel({ created, secretKey, close }: { created: CreatedTenant; secretKey: string | null; close: () => void }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>Tenant {created.name} criado</DialogTitle>
        <DialogDescription>Envie ao responsável o link do convite; os endereços abaixo são os dos dois portais da marca.</DialogDescription>
      </DialogHeader>
      <div className="grid min-w-0 gap-4">
        {created.ownerInvitation ? (
          <InvitationOutcome sent={created.ownerInvitation} />
        ) : (
          <p className="text-sm text-muted-foreground">Nenhum responsável foi convidado.</p>
        )}
        <CopyableValue
          label="Portal do revendedor (dono e equipe)"
          value={created.ownerPortalUrl}
          copyLabel="Copiar endereço do portal do revendedor"
          success="Endereço do portal do revendedor copiado."
        />
        <CopyableValue
          label="Portal do cliente (compradores)"
          value={created.clientPortalUrl}
          copyLabel="Copiar endereço do portal do cliente"
          success="Endereço do portal do cliente copiado."
        />
        {secretKey && (
          <section aria-labelledby="created-secret-title" className="grid gap-2 rounded-md border border-dashed p-3">
            <h3 id="created-secret-title" className="text-sm font-medium text-muted-foreground">
              Secret hash (exibido só agora)
            </h3>
            <p className="text-xs text-muted-foreground">
              Não é preciso repassar a chave: o convite já dá acesso. Ela só é pedida num navegador que ainda não entrou no portal por convite.
            </p>
            <CopyableValue label="Secret hash" value={secretKey} copyLabel="Copiar secret hash" success="Secret hash copiado." mono />
          </section>
        )}
      </div>
      <DialogFooter>
        <Button onClick={close}>Concluir</Button>
      </DialogFooter>
    </>
  )
}
