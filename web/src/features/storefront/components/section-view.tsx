import { CheckCircle2Icon } from 'lucide-react'
import type { StoreSection } from '../api/public-store'

/** Blank lines separate paragraphs; a single line break stays one. */
function paragraphs(body: string): string[] {
  return body.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean)
}

/** One typed section of a sales page, as text (nothing the owner typed is read as HTML). */
export function SectionView({ section }: { section: StoreSection }) {
  switch (section.type) {
    case 'hero':
      return (
        <section className="space-y-3 py-4 text-center">
          <h2 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{section.title}</h2>
          {section.subtitle && <p className="mx-auto max-w-2xl text-lg text-muted-foreground">{section.subtitle}</p>}
        </section>
      )
    case 'text':
      return (
        <section className="space-y-3">
          {section.title && <h2 className="text-2xl font-semibold">{section.title}</h2>}
          {paragraphs(section.body).map((text, index) => (
            <p key={index} className="leading-relaxed whitespace-pre-line">
              {text}
            </p>
          ))}
        </section>
      )
    case 'benefits':
      return (
        <section className="space-y-3">
          {section.title && <h2 className="text-2xl font-semibold">{section.title}</h2>}
          <ul className="grid gap-2 sm:grid-cols-2">
            {section.items.map((item, index) => (
              <li key={index} className="flex items-start gap-2 rounded-md border bg-card p-3">
                <CheckCircle2Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </section>
      )
    case 'faq':
      return (
        <section className="space-y-3">
          <h2 className="text-2xl font-semibold">{section.title || 'Perguntas frequentes'}</h2>
          <div className="divide-y rounded-md border bg-card">
            {section.items.map((item, index) => (
              <details key={index} className="group p-3">
                <summary className="cursor-pointer font-medium">{item.question}</summary>
                <p className="mt-2 whitespace-pre-line text-muted-foreground">{item.answer}</p>
              </details>
            ))}
          </div>
        </section>
      )
    case 'image':
      return (
        <section>
          <img src={section.url} alt={section.alt ?? ''} loading="lazy" referrerPolicy="no-referrer" className="mx-auto h-auto max-w-full rounded-md" />
        </section>
      )
  }
}
