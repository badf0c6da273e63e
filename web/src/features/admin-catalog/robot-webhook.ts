import type { RobotItem } from './api/robots'

export const TENANT_WITHOUT_URL = 'Tenant não possui URL configurada'

/** The tenant's bare domain ('https://robos.com.br/' → 'robos.com.br'); '' when it has none. */
function domainOf(url: string | null | undefined): string {
  return (url ?? '')
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/[/?#].*$/, '')
}

/**
 * Where Hotmart posts this robot's sales: `https://{tenant url}/api/webhooks/hotmart/robot/{robotId}`.
 * The server's own URL when it sent one; null when the robot's tenant has no URL.
 */
export function robotWebhookUrl(robot: Pick<RobotItem, 'id' | 'webhookUrl' | 'tenant'>): string | null {
  if (robot.webhookUrl) return robot.webhookUrl
  const domain = domainOf(robot.tenant?.url)
  return domain ? `https://${domain}/api/webhooks/hotmart/robot/${robot.id}` : null
}
