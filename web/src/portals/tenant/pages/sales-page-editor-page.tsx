import { useQuery } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard'
import { zodResolver } from '@hookform/resolvers/zod'
import { useParams } from 'react-router-dom'
import { ExternalLinkIcon, InfoIcon, SaveIcon } from 'lucide-react'
import { PageHeading } from '@/components/page-heading'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { formatDateTime } from '@/lib/format'
import { applyServerErrors } from '@/lib/forms'
import { salesPageQuery, useSaveSalesPage, type SalesPageItem } from '@/features/tenant-catalog/api/sales-page'
import { BackToRobots } from '@/features/tenant-catalog/components/back-link'
import { LoadErrorCard } from '@/features/tenant-catalog/components/load-error-card'
import { SectionEditor } from '@/features/tenant-catalog/components/sales-page/section-editor'
import {
  SALES_PAGE_SECTIONS,
  salesPageDefaults,
  salesPagePayload,
  salesPageSchema,
  type SalesPageValues,
} from '@/features/tenant-catalog/schemas/sales-page-form'

const TITLE = 'Página de Vendas'

/** /robots/:id/sales-page — a robot's public sales page: four HTML sections, each edited or previewed. */
export function TenantSalesPageEditorPage() {
  const { id = '' } = useParams()
  const query = useQuery(salesPageQuery(id))

  return (
    <div className="space-y-6">
      <BackToRobots />
      {query.isSuccess ? (
        <SalesPageForm key={id} robotId={id} page={query.data} />
      ) : (
        <>
          <PageHeading title={TITLE} />
          {query.isError ? (
            <LoadErrorCard
              error={query.error}
              title="Erro ao carregar página de vendas"
              fallback="Não foi possível carregar a página de vendas."
              onRetry={() => void query.refetch()}
            />
          ) : (
            <div className="space-y-3" aria-busy="true" aria-label="Carregando página de vendas">
              <Skeleton className="h-48 w-full" />
              <Skeleton className="h-48 w-full" />
            </div>
          )}
        </>
      )}
    </div>
  )
}

function SalesPageForm({ robotId, page }: { robotId: string; page: SalesPageItem }) {
  const form = useForm<SalesPageValues>({ resolver: zodResolver(salesPageSchema), defaultValues: salesPageDefaults(page) })
  const save = useSaveSalesPage(robotId)

  const submit = form.handleSubmit((values) =>
    save.mutate(salesPagePayload(values), {
      onSuccess: (stored) => {
        // The stored HTML may differ from what was typed (scripts removed): the form shows what was kept.
        form.reset(salesPageDefaults(stored))
        toast({ title: 'Página de vendas salva', description: 'Scripts e atributos de evento foram removidos, se havia algum.' })
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Erro ao atualizar página de vendas',
          description: applyServerErrors(form, error, 'Não foi possível salvar a página de vendas.'),
        }),
    }),
  )

  return (
    <Form {...form}>
      <UnsavedChangesGuard active={form.formState.isDirty && !save.isPending} />
      <form onSubmit={submit} noValidate className="space-y-6">
        <PageHeading
          title={TITLE}
          description={page.updatedAt ? `Atualizada em ${formatDateTime(page.updatedAt)}` : 'Ainda não publicada: escreva as seções e salve.'}
          actions={
            <Button variant="outline" asChild>
              <a href={page.publicPath} target="_blank" rel="noopener noreferrer">
                <ExternalLinkIcon aria-hidden />
                Ver página pública
              </a>
            </Button>
          }
        />
        <Alert role="status">
          <InfoIcon aria-hidden />
          <AlertDescription>
            Use HTML de texto, imagens, links e tabelas (o atributo class é mantido). Ao salvar, scripts, estilos, atributos
            de evento (como onclick) e links javascript: são removidos.
          </AlertDescription>
        </Alert>
        {SALES_PAGE_SECTIONS.map((name, index) => (
          <SectionEditor key={name} control={form.control} name={name} index={index + 1} storedHtml={page[name] ?? ''} />
        ))}
        {/* Kept in view while scrolling through the sections. */}
        <div className="sticky bottom-0 flex justify-end border-t bg-background/95 py-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner label="Salvando" /> : <SaveIcon aria-hidden />}
            Salvar
          </Button>
        </div>
      </form>
    </Form>
  )
}
