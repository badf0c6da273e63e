/**
 * What the owner's sales-channel screen needs to know about one selling platform: its name, what its secret is
 * called, the steps of its own panel and the events to tick there. The screen's components take a platform, so
 * another platform is one more entry here (and its API calls), not another screen.
 */
export interface ChannelEventKind {
  /** The code the platform posts (PURCHASE_APPROVED). */
  code: string
  /** What the platform's panel calls it, in pt-BR. */
  label: string
}

export interface SalesChannelPlatform {
  key: string
  name: string
  /** What the platform calls the secret it sends with each postback ("hottok"). */
  secretName: string
  /** Where the secret is in the platform's panel. */
  secretWhere: string
  /** The postback version to choose there. */
  version: string
  /** The panel's steps before the events are ticked, in order; `{url}` stands for "the URL above". */
  stepsBeforeEvents: string[]
  /** The panel's steps after the events are ticked. */
  stepsAfterEvents: string[]
  events: ChannelEventKind[]
}

export const hotmartPlatform: SalesChannelPlatform = {
  key: 'hotmart',
  name: 'Hotmart',
  secretName: 'hottok',
  secretWhere: 'Ferramentas → Webhook (API e notificações), no topo da página',
  version: '2.0.0',
  stepsBeforeEvents: [
    'No painel da Hotmart, abra Ferramentas → Webhook (API e notificações).',
    'Clique em "Cadastrar webhook", dê um nome (por exemplo, o nome deste robô) e escolha o produto deste robô.',
    'Cole a URL do webhook (acima) no campo de URL.',
    'Escolha a versão 2.0.0.',
  ],
  stepsAfterEvents: [
    'Salve o webhook.',
    'Na mesma tela da Hotmart, copie o hottok (o código de verificação da sua conta) e salve-o abaixo: ele vale para todos os seus robôs.',
  ],
  events: [
    { code: 'PURCHASE_APPROVED', label: 'Compra aprovada' },
    { code: 'PURCHASE_COMPLETE', label: 'Compra completa' },
    { code: 'PURCHASE_CANCELED', label: 'Compra cancelada' },
    { code: 'PURCHASE_REFUNDED', label: 'Compra reembolsada' },
    { code: 'PURCHASE_CHARGEBACK', label: 'Chargeback' },
    { code: 'PURCHASE_PROTEST', label: 'Pedido de reembolso' },
    { code: 'PURCHASE_DELAYED', label: 'Compra atrasada' },
    { code: 'SUBSCRIPTION_CANCELLATION', label: 'Cancelamento de assinatura' },
    { code: 'SWITCH_PLAN', label: 'Troca de plano' },
    { code: 'UPDATE_SUBSCRIPTION_CHARGE_DATE', label: 'Alteração da data de cobrança da assinatura' },
  ],
}

/** What the platform's panel calls an event, or its code when the list does not name it. */
export function eventLabel(platform: SalesChannelPlatform, code: string): string {
  return platform.events.find((event) => event.code === code)?.label ?? code
}
