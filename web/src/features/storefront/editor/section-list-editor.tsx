import { ArrowDownIcon, ArrowUpIcon, PlusIcon, Trash2Icon } from 'lucide-react'
import { useFieldArray, useWatch, type Control } from 'react-hook-form'
import { TextareaField, TextField } from '@/components/data'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField, FormMessage, FormItem } from '@/components/ui/form'
import { emptySection, kindLabel, SECTION_KINDS, type SectionKind, type StorePageValues } from './store-page-form'

/**
 * The sales page's sections, in order: add one of each kind, move it up or down, remove it, and fill in its fields.
 * Each section is a card named "Seção N: <kind>" so a screen reader (and a test) can find it.
 */
export function SectionListEditor({ control }: { control: Control<StorePageValues> }) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'sections' })

  return (
    <div className="space-y-4">
      {fields.length === 0 && (
        <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">
          Nenhuma seção ainda. Comece por um destaque com o nome do robô e a promessa principal.
        </p>
      )}
      {fields.map((field, index) => (
        <SectionCard
          key={field.id}
          control={control}
          index={index}
          type={field.type}
          first={index === 0}
          last={index === fields.length - 1}
          onMove={(to) => move(index, to)}
          onRemove={() => remove(index)}
        />
      ))}
      <FormField control={control} name="sections" render={() => <FormItem><FormMessage /></FormItem>} />
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Adicionar seção">
        <span className="text-sm text-muted-foreground">Adicionar:</span>
        {SECTION_KINDS.map((kind) => (
          <Button key={kind.type} type="button" variant="outline" size="sm" onClick={() => append(emptySection(kind.type))}>
            <PlusIcon aria-hidden />
            {kind.label}
          </Button>
        ))}
      </div>
    </div>
  )
}

function SectionCard({
  control,
  index,
  type,
  first,
  last,
  onMove,
  onRemove,
}: {
  control: Control<StorePageValues>
  index: number
  type: SectionKind
  first: boolean
  last: boolean
  onMove: (to: number) => void
  onRemove: () => void
}) {
  const title = `Seção ${index + 1}: ${kindLabel(type)}`
  const headingId = `section-${index}-heading`
  const at = `sections.${index}` as const
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>
          <h3 id={headingId} className="text-base">
            {title}
          </h3>
        </CardTitle>
        <div className="flex gap-1">
          <Button type="button" variant="ghost" size="icon" aria-label={`Subir ${title}`} disabled={first} onClick={() => onMove(index - 1)}>
            <ArrowUpIcon aria-hidden />
          </Button>
          <Button type="button" variant="ghost" size="icon" aria-label={`Descer ${title}`} disabled={last} onClick={() => onMove(index + 1)}>
            <ArrowDownIcon aria-hidden />
          </Button>
          <Button type="button" variant="ghost" size="icon" aria-label={`Remover ${title}`} onClick={onRemove}>
            <Trash2Icon aria-hidden />
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-3">
        {type === 'hero' && (
          <>
            <TextField control={control} name={`${at}.title`} label="Título" required maxLength={120} />
            <TextField control={control} name={`${at}.subtitle`} label="Subtítulo" maxLength={300} />
          </>
        )}
        {type === 'text' && (
          <>
            <TextField control={control} name={`${at}.title`} label="Título (opcional)" maxLength={120} />
            <TextareaField control={control} name={`${at}.body`} label="Texto" required rows={6} description="Deixe uma linha em branco entre os parágrafos." />
          </>
        )}
        {type === 'benefits' && (
          <>
            <TextField control={control} name={`${at}.title`} label="Título (opcional)" maxLength={120} />
            <TextareaField control={control} name={`${at}.benefits`} label="Benefícios" required rows={5} description="Um por linha, até 12." />
          </>
        )}
        {type === 'faq' && (
          <>
            <TextField control={control} name={`${at}.title`} label="Título (opcional)" maxLength={120} placeholder="Perguntas frequentes" />
            <FaqItems control={control} index={index} />
          </>
        )}
        {type === 'image' && (
          <>
            <TextField control={control} name={`${at}.url`} label="Endereço da imagem (https://)" required inputMode="url" />
            <TextField control={control} name={`${at}.alt`} label="Descrição da imagem" maxLength={200} description="Lida por leitores de tela e mostrada se a imagem não carregar." />
          </>
        )}
      </CardContent>
    </Card>
  )
}

function FaqItems({ control, index }: { control: Control<StorePageValues>; index: number }) {
  const { fields, append, remove } = useFieldArray({ control, name: `sections.${index}.faq` })
  const count = useWatch({ control, name: `sections.${index}.faq` })?.length ?? 0
  return (
    <div className="grid gap-3">
      {fields.map((item, j) => (
        <fieldset key={item.id} className="grid gap-2 rounded-md border p-3">
          <legend className="px-1 text-sm font-medium">Pergunta {j + 1}</legend>
          <TextField control={control} name={`sections.${index}.faq.${j}.question`} label="Pergunta" required maxLength={200} />
          <TextareaField control={control} name={`sections.${index}.faq.${j}.answer`} label="Resposta" required rows={3} />
          <Button type="button" variant="ghost" size="sm" className="justify-self-start" onClick={() => remove(j)} disabled={count <= 1}>
            <Trash2Icon aria-hidden />
            Remover pergunta {j + 1}
          </Button>
        </fieldset>
      ))}
      <FormField control={control} name={`sections.${index}.faq`} render={() => <FormItem><FormMessage /></FormItem>} />
      <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => append({ question: '', answer: '' })} disabled={count >= 12}>
        <PlusIcon aria-hidden />
        Adicionar pergunta
      </Button>
    </div>
  )
}
