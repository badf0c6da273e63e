import { Badge } from '@/components/ui/badge'

const looks = {
  2: {
    label: 'Licença v2',
    variant: 'success',
    hint: 'O robô confere as respostas do servidor de licenças com a chave pública dele (Ed25519): não há segredo dentro do .ex5.',
  },
  1: {
    label: 'Licença v1 — recompile',
    variant: 'warning',
    hint: 'Verificação antiga: a chave viaja dentro do robô. Importe o .mq5 de novo para gerar uma versão com assinatura por chave pública.',
  },
  none: {
    label: 'Sem verificação de licença',
    variant: 'warning',
    hint: 'Arquivo .ex5 enviado pronto: a plataforma não inseriu verificação de licença nele, então qualquer pessoa com o arquivo pode usá-lo. Importe o .mq5 para ter a verificação.',
  },
} as const

/** Which license check a version carries: 2 (public-key signatures), 1 (older, key inside the robot) or none known. */
export function LicenseProtocolBadge({ protocol }: { protocol: number | null | undefined }) {
  const look = protocol === 2 ? looks[2] : protocol === 1 ? looks[1] : looks.none
  return (
    <Badge variant={look.variant} title={look.hint}>
      {look.label}
    </Badge>
  )
}
