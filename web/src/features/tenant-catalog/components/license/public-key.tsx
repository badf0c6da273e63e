import { CopyButton } from '@/components/data'

/** The Ed25519 public key the robot checks the license server's answers with, to copy; "—" before the first build. */
export function PublicKey({ publicKey }: { publicKey: string | null | undefined }) {
  return (
    <dl className="grid gap-2">
      <dt className="text-sm font-medium">Chave pública (Ed25519)</dt>
      {publicKey ? (
        <dd className="grid gap-2">
          <div className="flex items-start gap-2">
            <code data-testid="robot-public-key" className="min-w-0 flex-1 rounded-md border bg-muted/40 px-3 py-2 font-mono text-xs break-all">
              {publicKey}
            </code>
            <CopyButton
              value={publicKey}
              label="Copiar chave pública"
              success="Chave pública copiada para a área de transferência."
            />
          </div>
          <p className="text-xs text-muted-foreground">Gravada no .ex5: o robô só aceita respostas do servidor de licenças assinadas com a chave privada do par.</p>
        </dd>
      ) : (
        <dd className="text-sm">
          <span aria-hidden>— </span>
          <span className="text-muted-foreground">Ainda não existe: a chave é gerada na primeira compilação do robô.</span>
        </dd>
      )}
    </dl>
  )
}
