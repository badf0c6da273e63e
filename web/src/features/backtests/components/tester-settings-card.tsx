import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { describeTesterMinutes } from '@/components/backtest/backtest-format'
import { SectionError } from '@/components/dashboard/dashboard-panel'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Form } from '@/components/ui/form'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { applyServerErrors } from '@/lib/forms'
import { testerSettingsQuery, useSaveTesterSettings, type TesterSettings } from '../api/backtests'
import { profileFormSchema, profileFormValues, profilePayload, type ProfileFormValues } from '../profile-form'
import { BacktestPanel } from './backtest-panel'
import { ProfileFields } from './profile-fields'

export const TESTER_CARD_TITLE = 'Teste no Strategy Tester'

/** The factory version whose runs the card shows: the newest that compiled. */
export interface CompiledFactoryVersion {
  id: string
  version: number
}

/**
 * A factory project's "Teste no Strategy Tester": the profile and thresholds every compiled version is tested on
 * (the platform's defaults until the owner saves his), and the runs of the newest compiled version.
 */
export function TesterSettingsCard({ projectId, version, canManage }: { projectId: string; version: CompiledFactoryVersion | undefined; canManage: boolean }) {
  const titleId = useId()
  const settings = useQuery(testerSettingsQuery(projectId))
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} role="heading" aria-level={2} className="text-lg">
          {TESTER_CARD_TITLE}
        </CardTitle>
        <CardDescription>
          Cada versão que a Fábrica compila é testada com este perfil no Strategy Tester do MetaTrader 5; o resultado entra na conversa como
          recomendado ou não recomendado, pelos critérios abaixo.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8">
        {settings.data ? (
          // Remounted when the saved settings change, so the form starts from them.
          <SettingsForm key={JSON.stringify([settings.data.profile, settings.data.thresholds])} projectId={projectId} settings={settings.data} canManage={canManage} />
        ) : settings.isError ? (
          <SectionError title="Erro ao carregar as configurações do testador" error={settings.error} onRetry={() => void settings.refetch()} retrying={settings.isFetching} />
        ) : (
          <div className="grid gap-3 sm:grid-cols-2" aria-busy="true" aria-label="Carregando configurações do testador">
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} className="h-9 w-full" />
            ))}
          </div>
        )}
        <section aria-label="Testes da versão mais recente" className="space-y-3">
          <h3 className="font-medium">{version ? `Testes da versão ${version.version}` : 'Testes'}</h3>
          {version ? (
            <BacktestPanel source={{ kind: 'factory-version', projectId, versionId: version.id }} versionLabel={String(version.version)} canManage={canManage} />
          ) : (
            <p className="text-sm text-muted-foreground">Nenhuma versão compilada ainda: o teste roda quando a Fábrica compilar a primeira.</p>
          )}
        </section>
      </CardContent>
    </Card>
  )
}

function SettingsForm({ projectId, settings, canManage }: { projectId: string; settings: TesterSettings; canManage: boolean }) {
  const form = useForm<ProfileFormValues>({ resolver: zodResolver(profileFormSchema), defaultValues: profileFormValues(settings.profile, settings.thresholds) })
  const save = useSaveTesterSettings()

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { projectId, body: profilePayload(values) },
      {
        onSuccess: () => toast({ title: 'Configurações do testador salvas', description: 'As próximas versões compiladas serão testadas com este perfil.' }),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Erro ao salvar configurações do testador', description: applyServerErrors(form, error, 'Tente novamente.') }),
      },
    ),
  )

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Configurações do testador">
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {settings.defaults && <Badge variant="secondary">Padrões da plataforma</Badge>}
          <span>{describeTesterMinutes(settings.tester)}</span>
        </div>
        <ProfileFields control={form.control} disabled={!canManage || save.isPending} />
        {canManage && (
          <div className="flex justify-end">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Spinner label="Salvando" />}
              Salvar
            </Button>
          </div>
        )}
      </form>
    </Form>
  )
}
