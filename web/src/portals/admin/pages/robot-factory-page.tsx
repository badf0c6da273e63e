import * as React from 'react'
import { flushSync } from 'react-dom'
import { useSearchParams } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { AlertTriangleIcon, PencilIcon, RotateCcwIcon, SparklesIcon } from 'lucide-react'
import { PageHeading } from '@/components/page-heading'
import { SelectField, TextField } from '@/components/data'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'
import { Form } from '@/components/ui/form'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { ApiError, errorMessage } from '@/lib/api/client'
import { applyServerErrors } from '@/lib/forms'
import { useTenantOptions } from '@/hooks/use-tenant-options'
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard'
import { aiUsageQuery } from '@/features/admin-factory/api/ai-usage'
import { useGenerateRobot } from '@/features/admin-factory/api/generations'
import { GeneratedCode, GenerationFailure } from '@/features/admin-factory/components/generation-outcome'
import { PipelineSteps } from '@/features/admin-factory/components/pipeline-steps'
import { StrategyTabs } from '@/features/admin-factory/components/strategy-tabs'
import {
  blockIndexOf,
  factoryFormDefaults,
  factoryFormSchema,
  firstInOrder,
  generateRequest,
  isFactoryField,
  type FactoryFieldName,
  type FactoryFormValues,
} from '@/features/admin-factory/factory-form'
import { pipelineView } from '@/features/admin-factory/generation-steps'
import { useGenerationProgress } from '@/features/admin-factory/use-generation-progress'
import { NO_MODEL_MESSAGE } from '@/features/admin-factory/usage-format'

/** The generation followed, kept in the URL so a reload keeps following it. */
const GENERATION_PARAM = 'generation'

/**
 * Fábrica de Robôs: a tenant, a robot name and the strategy in six blocks (tabs 1 to 6) start a generation;
 * the four-step indicator then follows it (polled every 2 s) until the robot is ready, showing its MQL5 source,
 * or failed, showing why. Nothing typed is lost when the server refuses the request.
 */
export function AdminRobotFactoryPage() {
  const [searchParams, setSearchParams] = useSearchParams()
  const generationId = searchParams.get(GENERATION_PARAM)
  const form = useForm<FactoryFormValues>({
    resolver: zodResolver(factoryFormSchema),
    defaultValues: factoryFormDefaults,
    // The first error may sit on a hidden tab: `showErrors` opens that tab before focusing.
    shouldFocusError: false,
  })
  const [tab, setTab] = React.useState(0)
  const [submitError, setSubmitError] = React.useState<string | null>(null)
  const tenants = useTenantOptions()
  const usage = useQuery(aiUsageQuery())
  const generate = useGenerateRobot()
  const progress = useGenerationProgress(generationId)
  const progressHeading = React.useRef<HTMLHeadingElement>(null)
  const { generation } = progress

  const locked = generate.isPending || generationId !== null

  // Until the 202 arrives the generation is already under way as far as the person is concerned.
  const currentStep = generation?.step ?? (generate.isPending ? 'generating' : null)
  const steps = pipelineView(currentStep, progress.failedAt)
  const activeStep = steps.find((step) => step.state === 'active')

  /** Opens the tab of the first block with an error, then focuses the first field with one. */
  const showErrors = (names: string[]) => {
    const fields = names.filter(isFactoryField)
    const firstBlock = firstInOrder(fields.filter((name) => blockIndexOf(name) >= 0))
    if (firstBlock) flushSync(() => setTab(blockIndexOf(firstBlock)))
    const first = firstInOrder(fields)
    if (first) form.setFocus(first)
  }

  const send = (values: FactoryFormValues) => {
    setSubmitError(null)
    generate.mutate(generateRequest(values), {
      onSuccess: ({ generation: started }) => {
        setSearchParams({ [GENERATION_PARAM]: started.id }, { replace: true })
        progressHeading.current?.focus()
      },
      onError: (error) => {
        const description = applyServerErrors(form, error, 'Não foi possível iniciar a geração. Tente novamente.')
        if (error instanceof ApiError) showErrors(Object.keys(error.fields))
        setSubmitError(description)
        toast({ variant: 'destructive', title: 'Erro ao gerar robô', description })
      },
    })
  }
  // Built when the form is sent (not while rendering): `send` reaches a ref.
  const submit = (event: React.FormEvent<HTMLFormElement>) => form.handleSubmit(send, (errors) => showErrors(Object.keys(errors)))(event)

  // The field to focus once the form unlocks (it is disabled while a generation is followed, and cannot take focus).
  const focusWhenUnlocked = React.useRef<FactoryFieldName | null>(null)
  React.useEffect(() => {
    if (locked || !focusWhenUnlocked.current) return
    form.setFocus(focusWhenUnlocked.current)
    focusWhenUnlocked.current = null
  }, [locked, form])

  const stopFollowing = (focus: FactoryFieldName) => {
    focusWhenUnlocked.current = focus
    setSearchParams({}, { replace: true })
    generate.reset()
    setSubmitError(null)
  }

  /** Back to an empty form for another robot. */
  const startOver = () => {
    form.reset(factoryFormDefaults)
    setTab(0)
    stopFollowing('tenantId')
  }

  /** The same texts again, to adjust after a failure. */
  const editAgain = () => stopFollowing('robotName')

  const finished = generation?.step === 'ready' || generation?.step === 'failed'

  return (
    <div className="space-y-6">
      <UnsavedChangesGuard active={form.formState.isDirty && !locked} />
      <PageHeading
        title="Fábrica de Robôs"
        description="Descreva a estratégia em seis blocos: a IA escreve o robô em MQL5, revisa o código, injeta a verificação de licença e o compila."
      />
      {usage.data && !usage.data.configured && (
        <Alert variant="destructive">
          <AlertTriangleIcon aria-hidden />
          <AlertTitle>A Fábrica de Robôs não está disponível</AlertTitle>
          <AlertDescription>{NO_MODEL_MESSAGE}</AlertDescription>
        </Alert>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
        <Card className="min-w-0 gap-4">
          <CardHeader>
            <CardTitle>
              <h2>Estratégia do robô</h2>
            </CardTitle>
            <CardDescription>Todos os blocos são obrigatórios, com pelo menos 10 caracteres cada.</CardDescription>
          </CardHeader>
          <Form {...form}>
            <form onSubmit={submit} noValidate aria-label="Gerar robô" className="grid gap-4">
              <CardContent className="grid gap-4">
                <div className="grid gap-4 sm:grid-cols-2">
                  <SelectField
                    control={form.control}
                    name="tenantId"
                    label="Tenant"
                    required
                    disabled={locked}
                    options={tenants.options}
                    placeholder={tenants.isLoading ? 'Carregando tenants…' : 'Selecione o tenant'}
                  />
                  <TextField
                    control={form.control}
                    name="robotName"
                    label="Nome do robô"
                    required
                    disabled={locked}
                    autoComplete="off"
                    placeholder="Ex.: Cruzamento de Médias M15"
                  />
                </div>
                <StrategyTabs control={form.control} tab={tab} onTabChange={setTab} disabled={locked} />
                {submitError && (
                  <Alert variant="destructive">
                    <AlertTitle>Erro ao gerar robô</AlertTitle>
                    <AlertDescription>{submitError}</AlertDescription>
                  </Alert>
                )}
              </CardContent>
              <CardFooter className="flex-wrap justify-end gap-2">
                {generationId === null && (
                  <Button type="submit" disabled={generate.isPending} className="w-full sm:w-auto">
                    {generate.isPending ? <Spinner label="Enviando" /> : <SparklesIcon aria-hidden />}
                    Gerar Robô
                  </Button>
                )}
              </CardFooter>
            </form>
          </Form>
        </Card>
        <Card className="gap-4 lg:sticky lg:top-4">
          <CardHeader>
            <CardTitle>
              <h2 ref={progressHeading} tabIndex={-1} className="outline-none">
                Progresso
              </h2>
            </CardTitle>
            <CardDescription role="status" aria-live="polite">
              {generation?.step === 'ready'
                ? 'Robô pronto.'
                : generation?.step === 'failed'
                  ? 'A geração falhou.'
                  : (activeStep?.activity ?? 'Preencha a estratégia e clique em Gerar Robô.')}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <PipelineSteps steps={steps} />
            {progress.pollFailing && (
              <p className="text-sm text-muted-foreground">Não foi possível consultar o andamento agora; tentando de novo…</p>
            )}
            {progress.loadError !== null && (
              <div role="alert" className="grid gap-2 text-sm">
                <p className="text-destructive">{errorMessage(progress.loadError, 'Não foi possível consultar esta geração.')}</p>
                <Button variant="outline" size="sm" onClick={progress.retry}>
                  Tentar novamente
                </Button>
              </div>
            )}
          </CardContent>
          {(finished || progress.loadError !== null) && (
            <CardFooter className="flex-wrap gap-2">
              {generation?.step === 'failed' && (
                <Button variant="outline" onClick={editAgain} className="w-full">
                  <PencilIcon aria-hidden />
                  Ajustar e tentar de novo
                </Button>
              )}
              <Button onClick={startOver} className="w-full">
                <RotateCcwIcon aria-hidden />
                Nova geração
              </Button>
            </CardFooter>
          )}
        </Card>
      </div>
      {generation?.step === 'ready' && <GeneratedCode generation={generation} />}
      {generation?.step === 'failed' && <GenerationFailure generation={generation} />}
    </div>
  )
}
