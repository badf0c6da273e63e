import { z } from 'zod'
import type { TemplateKey } from '../api/email'

/** The editable templates, in the order the screen shows them, with their names. */
export const TEMPLATE_KEYS = ['welcome', 'saleConfirmation', 'passwordReset', 'subscriptionConfirmation', 'newVersion'] as const satisfies readonly TemplateKey[]

export const templateLabels: Record<TemplateKey, string> = {
  welcome: 'Boas-vindas',
  saleConfirmation: 'Confirmação de venda',
  passwordReset: 'Redefinição de senha',
  subscriptionConfirmation: 'Confirmação de assinatura',
  newVersion: 'Nova versão',
}

export const templateChoices = TEMPLATE_KEYS.map((key) => ({ value: key, label: templateLabels[key] }))

const DOMAIN_LABEL = /^[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/

/** The credentials: a new key (blank keeps the stored one) and the sending domain (blank for none). */
export const credentialsSchema = z.object({
  resendApiKey: z
    .string()
    .trim()
    .refine((key) => key === '' || (key.startsWith('re_') && key.length <= 200 && !/\s/.test(key)), 'Chave inválida: as chaves do Resend começam com re_'),
  resendDomain: z
    .string()
    .trim()
    .refine(
      (domain) => domain === '' || (domain.length <= 253 && domain.includes('.') && domain.split('.').every((label) => DOMAIN_LABEL.test(label))),
      'Domínio inválido (ex.: mail.seudominio.com.br)',
    ),
})

export type CredentialsValues = z.infer<typeof credentialsSchema>

/** A test e-mail: which template, and where to. */
export const testEmailSchema = z.object({
  templateType: z.enum(TEMPLATE_KEYS, { error: 'Escolha um template' }),
  testEmail: z.string().trim().min(1, 'E-mail obrigatório').regex(z.regexes.email, 'E-mail inválido'),
})

export type TestEmailValues = z.infer<typeof testEmailSchema>

const template = z.string().max(100_000, 'Template longo demais (máximo 100.000 caracteres)')

/** The templates, and whether the "Nova versão" e-mail (the one kind an owner may switch off) is sent. */
export const templatesSchema = z.object({
  welcome: template,
  saleConfirmation: template,
  passwordReset: template,
  subscriptionConfirmation: template,
  newVersion: template,
  newVersionOn: z.boolean(),
})

export type TemplatesValues = z.infer<typeof templatesSchema>
