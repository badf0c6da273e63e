import { formatDateTime } from '@/lib/format'

/** The entities the audit log records, as the Auditoria filter offers them. */
export const auditEntityLabels: Record<string, string> = {
  tenant: 'Tenant',
  tenant_owner: 'Tenant Owner',
  robot: 'Robô',
  client: 'Cliente',
  license: 'Licença',
  sale: 'Venda',
  subscription: 'Assinatura',
  robot_auth_template: 'Template de Autenticação',
  compile_agent: 'Agente de compilação',
}

/** Entities that appear in rows without being offered as a filter. */
const otherEntityLabels: Record<string, string> = {
  hotmart_event: 'Evento Hotmart',
  compilation_job: 'Compilação',
  compile_pool: 'Pool de agentes',
  tenant_limits: 'Limites do tenant',
  tenant_mail: 'E-mails do tenant',
}

export const auditActionLabels: Record<string, string> = {
  create: 'Criou',
  update: 'Alterou',
  delete: 'Excluiu',
}

const actorKindLabels: Record<string, string> = {
  admin: 'Admin',
  owner: 'Owner',
  client: 'Cliente',
  system: 'Sistema',
  anonymous: 'Anônimo',
}

const fieldLabels: Record<string, string> = {
  name: 'Nome',
  url: 'URL',
  status: 'Status',
  logoUrl: 'Logo',
  secretPrefix: 'Secret hash (início)',
  securityKey: 'Secret hash',
  hotmartConfigured: 'Hotmart configurado',
  email: 'E-mail',
  phone: 'Telefone',
  role: 'Função',
  isActive: 'Ativo',
  active: 'Ativo',
  tenantId: 'Tenant',
  description: 'Descrição',
  platform: 'Plataforma',
  filePath: 'Arquivo',
  version: 'Versão',
  clientId: 'Cliente',
  robotId: 'Robô',
  saleId: 'Venda',
  accountNumber: 'Conta MT',
  activationDate: 'Ativação',
  expirationDate: 'Expiração',
  templateCode: 'Código do template',
  poolId: 'Pool',
  tenantIds: 'Tenants',
  dllImportsAllowed: '#import de DLLs',
  storageQuotaMb: 'Limite de armazenamento (MB)',
}

export function auditEntityLabel(entity: string): string {
  return auditEntityLabels[entity] ?? otherEntityLabels[entity] ?? entity
}

export function auditActionLabel(action: string): string {
  return auditActionLabels[action] ?? action
}

/** Who did it: the actor's name, else what kind of actor it was. */
export function auditActorLabel(item: { actorName?: string | null; actorKind: string }): string {
  return item.actorName?.trim() || actorKindLabels[item.actorKind] || item.actorKind
}

export function auditFieldLabel(field: string): string {
  return fieldLabels[field] ?? field
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/

const statusLabels: Record<string, string> = {
  active: 'Ativo',
  inactive: 'Inativo',
  suspended: 'Suspenso',
  expired: 'Expirado',
  cancelled: 'Cancelado',
  trial: 'Trial',
  confirmed: 'Confirmado',
  pending: 'Pendente',
  refunded: 'Reembolsado',
}

/** Licenses, sales and subscriptions are feminine in Portuguese: "Ativa", "Confirmada"… */
const feminineStatusLabels: Record<string, string> = {
  ...statusLabels,
  active: 'Ativa',
  inactive: 'Inativa',
  suspended: 'Suspensa',
  expired: 'Expirada',
  cancelled: 'Cancelada',
  confirmed: 'Confirmada',
  refunded: 'Reembolsada',
}
const feminineEntities = new Set(['license', 'sale', 'subscription'])

/** Stored codes of enumerated fields, as the screens label them. */
const valueLabels: Record<string, Record<string, string>> = {
  role: { admin: 'Admin', support: 'Suporte', financial: 'Financeiro' },
  origin: { hotmart: 'Hotmart', manual: 'Manual' },
  recurrence: { monthly: 'Mensal', quarterly: 'Trimestral', annual: 'Anual' },
}

function valueLabel(value: string, field?: string, entity?: string): string | undefined {
  if (!field) return undefined
  if (field === 'status') return (entity && feminineEntities.has(entity) ? feminineStatusLabels : statusLabels)[value]
  return valueLabels[field]?.[value]
}

/**
 * A before/after value as a person reads it: '—' for nothing, Sim/Não, dates in pt-BR, objects as JSON.
 * With the `field` (and the row's `entity`), stored codes such as a status read as their labels.
 */
export function formatAuditValue(value: unknown, field?: string, entity?: string): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não'
  if (typeof value === 'string') return valueLabel(value, field, entity) ?? (ISO_INSTANT.test(value) ? formatDateTime(value) : value)
  if (typeof value === 'number') return String(value)
  return JSON.stringify(value)
}
