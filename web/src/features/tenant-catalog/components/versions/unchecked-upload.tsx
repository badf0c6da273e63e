import { Link } from 'react-router-dom'
import { FileCode2Icon, ShieldAlertIcon } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'

/** Where an .mq5 is imported: compiled with the license check injected. */
export const IMPORT_PATH = '/robots/import'

/**
 * Said where an .ex5 is uploaded: a compiled file cannot be given a license check, so anyone holding it can run it.
 * Importing the source (.mq5) instead has the check injected before compiling.
 */
export function UncheckedUploadNotice() {
  return (
    <Alert variant="warning" role="note" aria-label="Versões enviadas prontas não verificam a licença">
      <ShieldAlertIcon aria-hidden />
      <AlertTitle>Um .ex5 enviado pronto fica sem verificação de licença</AlertTitle>
      <AlertDescription>
        <p>
          A plataforma não consegue inserir a verificação de licença num robô já compilado: quem tiver o arquivo consegue usá-lo sem
          licença. Para proteger o robô, importe o código-fonte (.mq5); a verificação é inserida e o robô é compilado para você.
        </p>
        <Button variant="outline" size="sm" asChild>
          <Link to={IMPORT_PATH}>
            <FileCode2Icon aria-hidden />
            Importar o .mq5
          </Link>
        </Button>
      </AlertDescription>
    </Alert>
  )
}

/** Beside a version without a license check: the way to get one. */
export function ImportSourceLink({ version }: { version: string }) {
  return (
    <Link
      to={IMPORT_PATH}
      className="text-xs font-medium text-primary underline underline-offset-2"
      aria-label={`Importar o .mq5 para a versão ${version} ter verificação de licença`}
    >
      Importar o .mq5
    </Link>
  )
}
