import { DownloadIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/api/client'
import { useDownloadLicense, type ClientLicenseItem } from '../api/licenses'

/** Downloads the license's robot file, saying when it starts, when it is saved, and why it failed. */
export function DownloadButton({ license, disabled }: { license: ClientLicenseItem; disabled: boolean }) {
  const download = useDownloadLicense()
  const robot = license.robotName ?? 'robô'
  const start = () => {
    toast({ title: 'Download iniciado', description: `Baixando ${robot}…` })
    download.mutate(license, {
      onSuccess: (fileName) => toast({ title: 'Download concluído', description: `${fileName} foi salvo.` }),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Erro no download', description: errorMessage(error, 'Não foi possível baixar o arquivo. Tente novamente.') }),
    })
  }
  return (
    <Button onClick={start} disabled={disabled || download.isPending}>
      {download.isPending ? <Spinner label="Baixando" /> : <DownloadIcon aria-hidden />}
      Download
    </Button>
  )
}
