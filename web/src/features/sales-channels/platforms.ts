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

/** The platforms with a screen per robot, in the order the screens list them. */
export type SalesChannelKey = 'hotmart' | 'kiwify' | 'eduzz' | 'asaas'

export interface SalesChannelPlatform {
  key: SalesChannelKey
  name: string
  /** "a Hotmart", "o Asaas": Portuguese says "da"/"do", "na"/"no" after it. */
  article: 'a' | 'o'
  /** What the platform calls the secret it sends or signs with ("hottok", "token"). */
  secretName: string
  /** "o token", "a chave secreta". */
  secretArticle: 'a' | 'o'
  /** The field the server names in its 422 answer about the secret. */
  secretField: string
  /** One secret for every robot of the account (Hotmart's hottok) or one per robot (Kiwify's token). */
  secretScope: 'account' | 'robot'
  /** Where the secret is in the platform's panel. */
  secretWhere: string
  /** The panel's steps before the events are ticked, in order. */
  stepsBeforeEvents: string[]
  /** The panel's steps after the events are ticked. */
  stepsAfterEvents: string[]
  events: ChannelEventKind[]
  /**
   * Said on the screen when the platform offers no sales history to recover what the webhook missed: what the owner
   * does instead. Absent where missed sales are recovered.
   */
  noRecovery?: string
}

export const hotmartPlatform: SalesChannelPlatform = {
  key: 'hotmart',
  name: 'Hotmart',
  article: 'a',
  secretName: 'hottok',
  secretArticle: 'o',
  secretField: 'hottok',
  secretScope: 'account',
  secretWhere: 'Ferramentas → Webhook (API e notificações), no topo da página',
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

// Kiwify signs each delivery: `?signature=` is the HMAC-SHA1 of the body under the webhook's token
// (docs.kiwify.com.br, "Receber e validar webhooks"). Its panel names the triggers as below; the body's
// webhook_event_type carries the codes.
export const kiwifyPlatform: SalesChannelPlatform = {
  key: 'kiwify',
  name: 'Kiwify',
  article: 'a',
  secretName: 'token',
  secretArticle: 'o',
  secretField: 'token',
  secretScope: 'robot',
  secretWhere: 'Apps → Webhooks, no campo Token do webhook deste robô',
  stepsBeforeEvents: [
    'No painel da Kiwify, abra Apps → Webhooks.',
    'Clique em "Criar webhook", dê um nome (por exemplo, o nome deste robô) e escolha o produto deste robô.',
    'Cole a URL do webhook (acima) no campo de URL.',
  ],
  stepsAfterEvents: [
    'Copie o token do webhook (se o campo estiver vazio, preencha com um código longo e aleatório) e salve o webhook.',
    'Cole esse token abaixo e salve: a Kiwify assina cada venda com ele, e ele vale só para este robô.',
  ],
  events: [
    { code: 'order_approved', label: 'Compra aprovada' },
    { code: 'order_refunded', label: 'Compra reembolsada' },
    { code: 'chargeback', label: 'Chargeback' },
    { code: 'subscription_renewed', label: 'Assinatura renovada' },
    { code: 'subscription_late', label: 'Assinatura atrasada' },
    { code: 'subscription_canceled', label: 'Assinatura cancelada' },
  ],
  noRecovery: 'A Kiwify não oferece consulta de vendas anteriores: se o webhook ficar fora do ar, reenvie os eventos pelo painel da Kiwify.',
}

// Eduzz's webhook (the Developer Hub, also reached from Órbita) signs each delivery with a key of the account:
// the x-signature header is the HMAC-SHA256 of the body (github.com/eduzz/eduzz-webhook-docs). A new configuration
// starts disabled; activating it sends a ping.
export const eduzzPlatform: SalesChannelPlatform = {
  key: 'eduzz',
  name: 'Eduzz',
  article: 'a',
  secretName: 'chave secreta',
  secretArticle: 'a',
  secretField: 'token',
  secretScope: 'robot',
  secretWhere: 'Developer Hub → Webhook → Chaves, na chave escolhida para este robô',
  stepsBeforeEvents: [
    'No Developer Hub da Eduzz (pelo Órbita ou em integrations.eduzz.com), abra Webhook → Chaves e crie uma chave para este robô.',
    'Em Webhook → Configurações, clique em "+ Nova configuração" e dê um nome (por exemplo, o nome deste robô).',
    'Em "Chave de acesso", escolha a chave criada: a Eduzz assina cada envio com ela no cabeçalho x-signature.',
    'Cole a URL do webhook (acima) em "URL para envio dos dados" e clique em "Verificar URL".',
  ],
  stepsAfterEvents: [
    'Clique em "Criar configuração": ela é criada desativada.',
    'Copie a chave secreta (em Webhook → Chaves) e salve-a abaixo antes de ativar: ela vale só para este robô.',
    'Na lista de configurações, ative esta: a Eduzz envia um ping, que aparece no registro abaixo como teste.',
  ],
  events: [
    { code: 'myeduzz.invoice_paid', label: 'Fatura paga' },
    { code: 'myeduzz.invoice_refunded', label: 'Fatura reembolsada' },
    { code: 'myeduzz.invoice_canceled', label: 'Fatura cancelada' },
    { code: 'myeduzz.invoice_overdue', label: 'Fatura vencida' },
    { code: 'myeduzz.contract_created', label: 'Contrato criado' },
    { code: 'myeduzz.contract_updated', label: 'Contrato atualizado' },
  ],
  noRecovery:
    'A Eduzz não oferece consulta de vendas anteriores: se o webhook ficar fora do ar, reenvie os eventos pelo Histórico de Envios do webhook da Eduzz.',
}

// Asaas sends the webhook's authentication token, unchanged, in the asaas-access-token header (docs.asaas.com,
// "Criar novo Webhook pela aplicação web"). PIX and boleto arrive as received; a card is confirmed first.
export const asaasPlatform: SalesChannelPlatform = {
  key: 'asaas',
  name: 'Asaas',
  article: 'o',
  secretName: 'token de autenticação',
  secretArticle: 'o',
  secretField: 'token',
  secretScope: 'robot',
  secretWhere: 'Integrações → Webhooks, no campo "Token de autenticação" do webhook deste robô',
  stepsBeforeEvents: [
    'No Asaas, abra o menu do usuário → Integrações → Webhooks e clique em "Criar Webhook".',
    'Dê um nome (por exemplo, o nome deste robô), cole a URL do webhook (acima) e informe o e-mail que recebe os avisos de falha.',
    'Em "Token de autenticação", defina um código longo e aleatório, sem espaços: o Asaas o envia a cada evento.',
    'Deixe o webhook e a fila de sincronização ativados.',
  ],
  stepsAfterEvents: [
    'Salve o webhook e cole o mesmo token de autenticação abaixo: ele vale só para este robô.',
    'Nas cobranças e assinaturas deste robô no Asaas, preencha a referência externa salva abaixo.',
  ],
  events: [
    { code: 'PAYMENT_CONFIRMED', label: 'Cobrança confirmada (cartão)' },
    { code: 'PAYMENT_RECEIVED', label: 'Cobrança recebida (PIX, boleto e cartão)' },
    { code: 'PAYMENT_OVERDUE', label: 'Cobrança vencida' },
    { code: 'PAYMENT_REFUNDED', label: 'Cobrança estornada' },
    { code: 'PAYMENT_CHARGEBACK_REQUESTED', label: 'Chargeback recebido' },
    { code: 'PAYMENT_CHARGEBACK_DISPUTE', label: 'Em disputa de chargeback' },
    { code: 'SUBSCRIPTION_CREATED', label: 'Assinatura criada' },
    { code: 'SUBSCRIPTION_UPDATED', label: 'Assinatura alterada' },
    { code: 'SUBSCRIPTION_INACTIVATED', label: 'Assinatura inativada' },
    { code: 'SUBSCRIPTION_DELETED', label: 'Assinatura removida' },
  ],
  noRecovery:
    'O Asaas não oferece aqui consulta de vendas anteriores: se o webhook ficar fora do ar, reative a fila em Integrações → Webhooks (o Asaas guarda os eventos por até 14 dias).',
}

/** Every platform with a screen per robot, in the order the screens link them. */
export const salesChannelPlatforms: SalesChannelPlatform[] = [hotmartPlatform, kiwifyPlatform, eduzzPlatform, asaasPlatform]

/** What the platform's panel calls an event, or its code when the list does not name it. */
export function eventLabel(platform: SalesChannelPlatform, code: string): string {
  return platform.events.find((event) => event.code === code)?.label ?? code
}

/** "a Kiwify" / "o Asaas", "da Kiwify" / "do Asaas", "na Kiwify" / "no Asaas". */
export function platformWords(platform: SalesChannelPlatform) {
  const masculine = platform.article === 'o'
  return {
    the: `${masculine ? 'o' : 'a'} ${platform.name}`,
    of: `${masculine ? 'do' : 'da'} ${platform.name}`,
    in: `${masculine ? 'no' : 'na'} ${platform.name}`,
  }
}

/** The secret's agreeing words: "Nenhum token salvo", "Nenhuma chave secreta salva". */
export function secretWords(platform: SalesChannelPlatform) {
  const feminine = platform.secretArticle === 'a'
  return {
    the: feminine ? 'a' : 'o',
    none: feminine ? 'Nenhuma' : 'Nenhum',
    saved: feminine ? 'salva' : 'salvo',
    set: feminine ? 'configurada' : 'configurado',
    new: feminine ? 'Nova' : 'Novo',
    current: feminine ? 'a atual' : 'o atual',
  }
}
