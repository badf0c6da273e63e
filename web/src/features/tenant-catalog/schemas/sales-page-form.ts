import { z } from 'zod'
import type { SalesPageItem, SalesPageSections } from '../api/sales-page'

export const SALES_PAGE_SECTIONS = ['htmlSection1', 'htmlSection2', 'htmlSection3', 'htmlSection4'] as const
export type SectionKey = (typeof SALES_PAGE_SECTIONS)[number]

const section = z.string().max(100_000, 'Seção longa demais (máximo 100.000 caracteres)')

export const salesPageSchema = z.object({ htmlSection1: section, htmlSection2: section, htmlSection3: section, htmlSection4: section })

export type SalesPageValues = z.infer<typeof salesPageSchema>

export function salesPageDefaults(page: SalesPageItem | undefined): SalesPageValues {
  return {
    htmlSection1: page?.htmlSection1 ?? '',
    htmlSection2: page?.htmlSection2 ?? '',
    htmlSection3: page?.htmlSection3 ?? '',
    htmlSection4: page?.htmlSection4 ?? '',
  }
}

/** All four sections always go: one left out would be emptied. A blank section is sent blank (stored as none). */
export function salesPagePayload(values: SalesPageValues): SalesPageSections {
  return { ...values }
}
