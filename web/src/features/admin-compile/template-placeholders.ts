/*
 * The placeholders of the MQL5 authentication template, as the server substitutes them when it injects the
 * template into a robot (shared/src/mql5/template.rs): the list, the ones a template cannot do without,
 * and the same substitution with sample values for the screen's preview.
 */

export const PLACEHOLDERS = ['{{TENANT_AUTH_URL}}', '{{TENANT_ID}}', '{{TENANT_DOMAIN}}', '{{ROBOT_ID}}', '{{ROBOT_SIGNING_KEY}}'] as const

export type Placeholder = (typeof PLACEHOLDERS)[number]

/** Without these the robot cannot even ask the right server about the right license (the server refuses the save). */
export const REQUIRED_PLACEHOLDERS: readonly Placeholder[] = ['{{TENANT_AUTH_URL}}', '{{TENANT_ID}}', '{{ROBOT_ID}}']

export const placeholderDescriptions: Record<Placeholder, string> = {
  '{{TENANT_AUTH_URL}}': 'URL de validação de licença do tenant',
  '{{TENANT_ID}}': 'ID do tenant dono do robô',
  '{{TENANT_DOMAIN}}': 'Domínio do tenant',
  '{{ROBOT_ID}}': 'ID do robô',
  '{{ROBOT_SIGNING_KEY}}': 'Chave que assina as respostas de licença deste robô',
}

/** The webhook every tenant's robots ask about their license. */
export const VALIDATE_LICENSE_PATH = '/api/webhooks/validate-license'

const SAMPLE_DOMAIN = 'robosdojoao.com.br'

/** What the preview puts in place of each placeholder. The signing key is secret, so the preview only hints at its shape. */
export const sampleValues: Record<Placeholder, string> = {
  '{{TENANT_AUTH_URL}}': `https://${SAMPLE_DOMAIN}${VALIDATE_LICENSE_PATH}`,
  '{{TENANT_ID}}': '0190c0de-0000-7000-8000-00000000000a',
  '{{TENANT_DOMAIN}}': SAMPLE_DOMAIN,
  '{{ROBOT_ID}}': '0190c0de-0000-7000-8000-0000000000e1',
  '{{ROBOT_SIGNING_KEY}}': '••••••••••••••••••••••••••••••••',
}

const placeholderPattern = new RegExp(PLACEHOLDERS.map((placeholder) => placeholder.replace(/[{}]/g, '\\$&')).join('|'), 'g')

/**
 * The template with every known placeholder replaced, in one pass (a value that looks like a placeholder is not
 * expanded again); unknown `{{…}}` stay as they are, as on the server.
 */
export function renderTemplate(template: string, values: Record<Placeholder, string> = sampleValues): string {
  return template.replace(placeholderPattern, (placeholder) => values[placeholder as Placeholder])
}

/** The required placeholders the template lacks, in the order the screen lists them. */
export function missingPlaceholders(template: string): Placeholder[] {
  return REQUIRED_PLACEHOLDERS.filter((placeholder) => !template.includes(placeholder))
}
