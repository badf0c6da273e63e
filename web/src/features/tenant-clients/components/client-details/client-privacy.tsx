import * as React from 'react'
import { DownloadIcon, Trash2Icon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/api/client'
import type { ClientItem } from '../../api/clients'
import { isErasedClient, useExportClientData } from '../../api/erasure'
import { EraseClientDialog } from '../erase-client-dialog'
import { SectionCard } from '@/components/section-card'

/**
 * The client's data requests (LGPD): export their data as JSON, or erase them. Only a tenant administrator may do
 * either; the server answers anyone else with a 403 whose message the toast or the dialog shows.
 */
export function ClientPrivacy({ client }: { client: ClientItem }) {
  const [erasing, setErasing] = React.useState(false)
  const exportData = useExportClientData()
  const erased = isErasedClient(client)

  const startExport = () =>
    exportData.mutate(client.id, {
      onSuccess: (fileName) => toast({ title: 'Exportação baixada', description: `Os dados do cliente foram salvos em ${fileName}.` }),
      onError: (error) => toast({ variant: 'destructive', title: 'Erro ao exportar dados', description: errorMessage(error, 'Tente novamente mais tarde.') }),
    })

  return (
    <SectionCard
      id="client-privacy"
      title="Dados pessoais (LGPD)"
      description={
        erased
          ? 'Os dados pessoais deste cliente foram apagados. As vendas continuam registradas, sem identificar a pessoa.'
          : 'A pedido do titular: baixe tudo o que a sua conta guarda sobre o cliente, ou apague os dados dele. Apenas administradores.'
      }
    >
      {!erased && (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={startExport} disabled={exportData.isPending}>
            {exportData.isPending ? <Spinner label="Exportando" /> : <DownloadIcon aria-hidden />}
            Exportar dados (LGPD)
          </Button>
          <Button variant="destructive" onClick={() => setErasing(true)}>
            <Trash2Icon aria-hidden />
            Apagar dados do cliente
          </Button>
        </div>
      )}
      <EraseClientDialog open={erasing} onOpenChange={setErasing} client={client} />
    </SectionCard>
  )
}
