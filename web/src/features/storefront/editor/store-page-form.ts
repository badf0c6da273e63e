import { z } from 'zod'
import type { components } from '@/lib/api/schema'
import type { StoreSection } from '../api/public-store'

type SalesPageItem = components['schemas']['SalesPageItem']
type SalesPageChanges = components['schemas']['SalesPageChanges']

export const SECTION_KINDS = [
  { type: 'hero', label: 'Destaque' },
  { type: 'text', label: 'Texto' },
  { type: 'benefits', label: 'Benefícios' },
  { type: 'faq', label: 'Perguntas frequentes' },
  { type: 'image', label: 'Imagem' },
] as const
export type SectionKind = (typeof SECTION_KINDS)[number]['type']

export const kindLabel = (type: SectionKind) => SECTION_KINDS.find((k) => k.type === type)?.label ?? type

export const HTML_BOXES = ['htmlSection1', 'htmlSection2', 'htmlSection3', 'htmlSection4'] as const

// The server's limits (shared::domain::storefront), so the owner hears of a problem before saving.
const MAX_SECTIONS = 20
const HTTPS = /^https:\/\/[^\s"'<>\\/?#.][^\s"'<>\\]*$/
const max = (n: number, what: string) => `${what} deve ter no máximo ${n.toLocaleString('pt-BR')} caracteres`
const optional = (n: number, what: string) => z.string().trim().max(n, max(n, what))
const required = (n: number, what: string, missing: string) => optional(n, what).min(1, missing)
const httpsUrl = z.string().trim().max(2000, 'Use um endereço https:// válido (até 2.000 caracteres)').refine((url) => url === '' || HTTPS.test(url), {
  message: 'Use um endereço https:// válido (até 2.000 caracteres)',
})

/**
 * A section as the form holds it: every kind's fields at once, so switching the list around never loses a typed
 * text; only the fields of `type` are sent. Benefits are typed one per line.
 */
const sectionDraft = z
  .object({
    type: z.enum(['hero', 'text', 'benefits', 'faq', 'image']),
    title: optional(120, 'Título'),
    subtitle: optional(300, 'Subtítulo'),
    body: optional(5000, 'Texto'),
    benefits: z.string(),
    faq: z.array(z.object({ question: required(200, 'Pergunta', 'Pergunta é obrigatória'), answer: required(2000, 'Resposta', 'Resposta é obrigatória') })),
    url: httpsUrl,
    alt: optional(200, 'Descrição'),
  })
  .superRefine((section, ctx) => {
    const problem = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message })
    if (section.type === 'hero' && !section.title) problem('title', 'Título é obrigatório')
    if (section.type === 'text' && !section.body) problem('body', 'Texto é obrigatório')
    if (section.type === 'image' && !section.url) problem('url', 'Use um endereço https:// válido (até 2.000 caracteres)')
    if (section.type === 'benefits') {
      const lines = benefitLines(section.benefits)
      if (lines.length === 0) problem('benefits', 'Adicione pelo menos um item')
      else if (lines.length > 12) problem('benefits', 'Use no máximo 12 itens')
      else if (lines.some((line) => line.length > 200)) problem('benefits', 'Benefício deve ter no máximo 200 caracteres')
    }
    if (section.type === 'faq' && section.faq.length === 0) problem('faq', 'Adicione pelo menos um item')
    if (section.type === 'faq' && section.faq.length > 12) problem('faq', 'Use no máximo 12 itens')
  })
export type SectionDraft = z.infer<typeof sectionDraft>

export const storePageSchema = z.object({
  sections: z.array(sectionDraft).max(MAX_SECTIONS, 'Use no máximo 20 seções'),
  price: z
    .string()
    .trim()
    .refine((p) => p === '' || /^\d{1,8}([.,]\d{1,2})?$/.test(p), { message: 'Valor inválido (use, por exemplo, 497,00)' }),
  checkoutUrl: httpsUrl,
  published: z.boolean(),
  showBacktest: z.boolean(),
  htmlSection1: z.string().max(100_000, 'Seção longa demais (máximo 100.000 caracteres)'),
  htmlSection2: z.string().max(100_000, 'Seção longa demais (máximo 100.000 caracteres)'),
  htmlSection3: z.string().max(100_000, 'Seção longa demais (máximo 100.000 caracteres)'),
  htmlSection4: z.string().max(100_000, 'Seção longa demais (máximo 100.000 caracteres)'),
})
export type StorePageValues = z.infer<typeof storePageSchema>

function benefitLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
}

export function emptySection(type: SectionKind): SectionDraft {
  return { type, title: '', subtitle: '', body: '', benefits: '', faq: type === 'faq' ? [{ question: '', answer: '' }] : [], url: '', alt: '' }
}

function toDraft(section: StoreSection): SectionDraft {
  const draft = emptySection(section.type)
  switch (section.type) {
    case 'hero':
      return { ...draft, title: section.title, subtitle: section.subtitle ?? '' }
    case 'text':
      return { ...draft, title: section.title ?? '', body: section.body }
    case 'benefits':
      return { ...draft, title: section.title ?? '', benefits: section.items.join('\n') }
    case 'faq':
      return { ...draft, title: section.title ?? '', faq: section.items.map((i) => ({ ...i })) }
    case 'image':
      return { ...draft, url: section.url, alt: section.alt ?? '' }
  }
}

/** The section as the API and the page read it (only the fields of its kind). */
export function toSection(draft: SectionDraft): StoreSection {
  const text = (value: string) => value.trim() || null
  switch (draft.type) {
    case 'hero':
      return { type: 'hero', title: draft.title.trim(), subtitle: text(draft.subtitle) }
    case 'text':
      return { type: 'text', title: text(draft.title), body: draft.body.trim() }
    case 'benefits':
      return { type: 'benefits', title: text(draft.title), items: benefitLines(draft.benefits) }
    case 'faq':
      return { type: 'faq', title: text(draft.title), items: draft.faq.map((i) => ({ question: i.question.trim(), answer: i.answer.trim() })) }
    case 'image':
      return { type: 'image', url: draft.url.trim(), alt: text(draft.alt) }
  }
}

export function storePageDefaults(page: SalesPageItem): StorePageValues {
  return {
    sections: page.sections.map(toDraft),
    // The API's "497.00" as typed in Brazil.
    price: page.price ? page.price.replace('.', ',') : '',
    checkoutUrl: page.checkoutUrl ?? '',
    published: page.published,
    showBacktest: page.showBacktest,
    htmlSection1: page.htmlSection1 ?? '',
    htmlSection2: page.htmlSection2 ?? '',
    htmlSection3: page.htmlSection3 ?? '',
    htmlSection4: page.htmlSection4 ?? '',
  }
}

/** Everything goes at once: the page is saved as the owner sees it. Blank price and link are sent as none. */
export function storePagePayload(values: StorePageValues): SalesPageChanges {
  return {
    sections: values.sections.map(toSection),
    price: values.price.trim() ? values.price.trim().replace(',', '.') : null,
    checkoutUrl: values.checkoutUrl.trim() || null,
    published: values.published,
    showBacktest: values.showBacktest,
    htmlSection1: values.htmlSection1,
    htmlSection2: values.htmlSection2,
    htmlSection3: values.htmlSection3,
    htmlSection4: values.htmlSection4,
  }
}

/** The price the preview shows while the owner types ("497,00" → "497.00"), none while it does not read as money. */
export function previewPrice(price: string): string | null {
  const normalized = price.trim().replace(',', '.')
  return /^\d+(\.\d{1,2})?$/.test(normalized) ? normalized : null
}

/**
 * Where a server message lands in this form: the benefits' lines are one field here, one item each there.
 */
export function formFieldOf(serverField: string, values: StorePageValues): string {
  const match = /^sections\.(\d+)\.items(\.\d+)?$/.exec(serverField)
  if (match && values.sections[Number(match[1])]?.type === 'benefits') return `sections.${match[1]}.benefits`
  if (match) return `sections.${match[1]}.faq`
  return serverField
}
