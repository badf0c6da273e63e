import { useQuery } from '@tanstack/react-query'
import { useForm, type Control } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useParams } from 'react-router-dom'
import { ExternalLinkIcon, SaveIcon } from 'lucide-react'
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard'
import { PageHeading } from '@/components/page-heading'
import { CopyButton, TextareaField, TextField } from '@/components/data'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel } from '@/components/ui/form'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { Switch } from '@/components/ui/switch'
import { toast } from '@/components/ui/use-toast'
import { ApiError } from '@/lib/api/client'
import { formatDateTime } from '@/lib/format'
import { applyServerErrors } from '@/lib/forms'
import { salesPageQuery, useSaveSalesPage, type SalesPageItem } from '@/features/tenant-catalog/api/sales-page'
import { BackToRobots } from '@/features/tenant-catalog/components/back-link'
import { LoadErrorCard } from '@/features/tenant-catalog/components/load-error-card'
import { LivePreview } from '@/features/storefront/editor/live-preview'
import { SectionListEditor } from '@/features/storefront/editor/section-list-editor'
import {
  formFieldOf,
  HTML_BOXES,
  storePageDefaults,
  storePagePayload,
  storePageSchema,
  type StorePageValues,
} from '@/features/storefront/editor/store-page-form'

const TITLE = 'Página de Vendas'

/** /robots/:id/sales-page — the robot's storefront page: sections, price, checkout link and publishing, with a live preview. */
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
            <div className="space-y-3" role="status" aria-busy="true" aria-label="Carregando página de vendas">
              <Skeleton className="h-48 w-full" />
              <Skeleton className="h-48 w-full" />
            </div>
          )}
        </>
      )}
    </div>
  )
}

/** The server's field names where this form keeps them (benefits are one field here, one item each there). */
function mappedError(error: unknown, values: StorePageValues): unknown {
  if (!(error instanceof ApiError)) return error
  const fields = Object.fromEntries(Object.entries(error.fields).map(([name, message]) => [formFieldOf(name, values), message]))
  return new ApiError(error.status, error.message, fields, error.fromServer)
}

function SalesPageForm({ robotId, page }: { robotId: string; page: SalesPageItem }) {
  const form = useForm<StorePageValues>({ resolver: zodResolver(storePageSchema), defaultValues: storePageDefaults(page) })
  const save = useSaveSalesPage(robotId)

  const submit = form.handleSubmit((values) =>
    save.mutate(storePagePayload(values), {
      onSuccess: (stored) => {
        // The stored page may differ from what was typed (trimmed texts, scripts removed from the HTML).
        form.reset(storePageDefaults(stored))
        toast({
          title: 'Página de vendas salva',
          description: stored.published ? 'A página está publicada na loja.' : 'A página não está publicada: só você a vê aqui.',
        })
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Erro ao atualizar página de vendas',
          description: applyServerErrors(form, mappedError(error, values), 'Não foi possível salvar a página de vendas.'),
        }),
    }),
  )

  return (
    <Form {...form}>
      <UnsavedChangesGuard active={form.formState.isDirty && !save.isPending} />
      <form onSubmit={submit} noValidate className="space-y-6">
        <PageHeading
          title={TITLE}
          description={page.updatedAt ? `Atualizada em ${formatDateTime(page.updatedAt)}` : 'Ainda não salva: monte as seções, defina preço e link de compra e publique.'}
          actions={
            <Button variant="outline" asChild>
              <a href={page.publicUrl} target="_blank" rel="noopener noreferrer">
                <ExternalLinkIcon aria-hidden />
                Ver página pública
              </a>
            </Button>
          }
        />
        <StoreAddresses page={page} />
        <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
          <div className="min-w-0 space-y-6">
            <Card>
              <CardHeader>
                <CardTitle>
                  <h2 className="text-lg">Venda</h2>
                </CardTitle>
              </CardHeader>
              <CardContent className="grid gap-4">
                <SwitchField control={form.control} name="published" label="Publicar na loja" description="Lista o robô na loja e abre a página a qualquer pessoa." />
                <SwitchField control={form.control} name="showBacktest" label="Mostrar backtest" description="Mostra o backtest escolhido para a página de vendas, quando houver." />
                <TextField control={form.control} name="price" label="Preço (R$)" inputMode="decimal" placeholder="497,00" />
                <TextField
                  control={form.control}
                  name="checkoutUrl"
                  label="Link de compra"
                  inputMode="url"
                  placeholder="https://pay.hotmart.com/…"
                  description="O checkout do robô na Hotmart, Kiwify, Eduzz ou Asaas. Sem link, a página diz que a compra está indisponível."
                />
              </CardContent>
            </Card>
            <section aria-labelledby="sections-heading" className="space-y-3">
              <h2 id="sections-heading" className="text-lg font-semibold">
                Seções
              </h2>
              <SectionListEditor control={form.control} />
            </section>
            <details className="rounded-lg border p-4">
              <summary className="cursor-pointer font-medium">HTML avançado</summary>
              <div className="mt-3 grid gap-3">
                <p className="text-sm text-muted-foreground">
                  Blocos de HTML mostrados depois das seções. Ao salvar, scripts, estilos, atributos de evento (como onclick) e links javascript: são
                  removidos; a pré-visualização mostra a versão salva.
                </p>
                {HTML_BOXES.map((name, index) => (
                  <TextareaField key={name} control={form.control} name={name} label={`HTML do bloco ${index + 1}`} rows={6} className="font-mono text-xs" placeholder="<p>…</p>" />
                ))}
              </div>
            </details>
          </div>
          <div className="min-w-0 lg:sticky lg:top-4">
            <LivePreview control={form.control} base={page.preview} />
          </div>
        </div>
        {/* Kept in view while scrolling through the sections. */}
        <div className="sticky bottom-0 z-10 flex justify-end border-t bg-background/95 py-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner label="Salvando" /> : <SaveIcon aria-hidden />}
            Salvar
          </Button>
        </div>
      </form>
    </Form>
  )
}

/** Where buyers find the page and the whole store, to copy into an ad or a message (the whole address is copied). */
function StoreAddresses({ page }: { page: SalesPageItem }) {
  const rows = [
    { label: 'Endereço desta página', value: page.publicUrl, copy: 'Copiar endereço da página' },
    { label: 'Endereço da sua loja (todos os robôs publicados)', value: page.catalogUrl, copy: 'Copiar endereço da loja' },
  ]
  return (
    <Card>
      <CardContent className="grid gap-3 pt-6">
        {rows.map((row) => (
          <div key={row.label} className="grid gap-1">
            <span className="text-sm font-medium">{row.label}</span>
            <div className="flex items-center gap-2">
              <code className="min-w-0 flex-1 truncate rounded-md border bg-muted px-2 py-1.5 text-xs" title={row.value}>
                {row.value}
              </code>
              <CopyButton value={row.value} label={row.copy} success="Endereço copiado." />
            </div>
          </div>
        ))}
        {!page.published && <p className="text-sm text-muted-foreground">A página ainda não está publicada: quem abrir o endereço verá “Página de vendas não encontrada”.</p>}
      </CardContent>
    </Card>
  )
}

function SwitchField({
  control,
  name,
  label,
  description,
}: {
  control: Control<StorePageValues>
  name: 'published' | 'showBacktest'
  label: string
  description: string
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <FormControl>
            <Switch checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
          </FormControl>
          <FormLabel>{label}</FormLabel>
          <FormDescription className="basis-full">{description}</FormDescription>
        </FormItem>
      )}
    />
  )
}
