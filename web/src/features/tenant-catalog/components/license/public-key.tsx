import { useId } from 'react'
import { CopyButton } from '@/components/data'

/** The Ed25519 public key the robot checks the license server's answers with, to copy; "—" before the first build. */
export function PublicKey({ publicKey }: { publicKey: string | null | undefined }) {
  const labelId = useId()
  return (
    <div className="grid gap-2">
      <p id={labelId} className="text-sm font-medium">
        Chave pública (Ed25519)
      </p>
      {publicKey ? (
        <>
          <div className="flex items-start gap-2">
            <code
              aria-labelledby={labelId}
              data-testid="robot-public-key"
              className="min-w-0 flex-1 rounded-md border bg-muted/40 px-3 py-2 font-mono text-xs break-all"
            >
              {publicKey}
            </code>
            <CopyButton
              value={publicKey}
              label="Copiar chave pública"
              successTitle="Copiado!"
              success="Chave pública copiada para a área de transferência."
              errorTitle="Erro ao copiar"
            />
          </div>
          <p className="text-xs text-muted-foreground">Gravada no .ex5: o robô só aceita respostas do servidor de licenças assinadas com a chave privada do par.</p>
        </>
      ) : (
        <p className="text-sm">
          <span aria-hidden>— </span>
          <span className="text-muted-foreground">Ainda não existe: a chave é gerada na primeira compilação do robô.</span>
        </p>
      )}
    </div>
  )
}
