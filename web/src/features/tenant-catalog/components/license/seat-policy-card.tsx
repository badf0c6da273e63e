import { useQuery } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { SaveIcon } from 'lucide-react'
import { SelectField, TextareaField, TextField } from '@/components/data'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { Switch } from '@/components/ui/switch'
import { toast } from '@/components/ui/use-toast'
import { applyServerErrors } from '@/lib/forms'
import { robotSeatPolicyQuery, useSaveRobotSeatPolicy, type RobotSeatPolicy } from '../../api/seat-policy'
import {
  contestRuleChoices,
  demoRuleChoices,
  MAX_LIVE_SEATS,
  seatPolicyRequest,
  seatPolicySchema,
  seatPolicyValues,
  type SeatPolicyValues,
} from '../../schemas/seat-policy-form'
import { LoadErrorCard } from '../load-error-card'

/**
 * "Contas e vagas": in how many MetaTrader accounts (a login on a broker's server) each license of the robot may run,
 * what demo and contest accounts do, which brokers are allowed and whether trials run on demo only. `readOnly` (a role
 * without ManageRobots) shows the same without saving.
 */
export function SeatPolicyCard({ robotId, readOnly = false }: { robotId: string; readOnly?: boolean }) {
  const query = useQuery(robotSeatPolicyQuery(robotId))
  if (query.isError) {
    return (
      <LoadErrorCard
        error={query.error}
        title="Erro ao carregar contas e vagas"
        fallback="Não foi possível carregar as regras de contas deste robô."
        onRetry={() => void query.refetch()}
      />
    )
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Contas e vagas</h2>
        </CardTitle>
        <CardDescription>
          Cada conta MetaTrader é um login em um servidor da corretora. Defina em quantas contas reais cada licença roda e o que vale para
          contas demo e de torneio.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div className="grid gap-3" role="status" aria-busy="true" aria-label="Carregando contas e vagas">
            <Skeleton className="h-10 w-40" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : (
          <SeatPolicyForm key={JSON.stringify(query.data)} robotId={robotId} policy={query.data} readOnly={readOnly} />
        )}
      </CardContent>
    </Card>
  )
}

function SeatPolicyForm({ robotId, policy, readOnly }: { robotId: string; policy: RobotSeatPolicy; readOnly: boolean }) {
  const form = useForm<SeatPolicyValues>({ resolver: zodResolver(seatPolicySchema), defaultValues: seatPolicyValues(policy) })
  const save = useSaveRobotSeatPolicy(robotId)

  const submit = form.handleSubmit((values) =>
    save.mutate(seatPolicyRequest(values), {
      onSuccess: () =>
        toast({ title: 'Contas e vagas salvas', description: 'As novas regras valem a partir da próxima conta vinculada; as contas atuais continuam.' }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Erro ao salvar contas e vagas',
          description: applyServerErrors(form, error, 'Não foi possível salvar. Tente novamente.'),
        }),
    }),
  )

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate aria-label="Contas e vagas" className="grid grid-cols-1 gap-4">
        <fieldset disabled={readOnly} className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <TextField
            control={form.control}
            name="liveSeats"
            label="Vagas para contas reais"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_LIVE_SEATS}
            step={1}
            className="max-w-32"
            description={`Quantas contas reais cada licença pode usar ao mesmo tempo (1 a ${MAX_LIVE_SEATS}).`}
          />
          <SelectField control={form.control} name="demoAccounts" label="Contas demo" options={demoRuleChoices} />
          <SelectField
            control={form.control}
            name="contestAccounts"
            label="Contas de torneio"
            options={contestRuleChoices}
            description="Contas de campeonatos das corretoras."
          />
          <div className="md:col-span-2">
            <TextareaField
              control={form.control}
              name="allowedBrokers"
              label="Corretoras permitidas"
              rows={3}
              className="font-mono"
              placeholder={'XPMT5-*\nClear Corretora'}
              description="Uma por linha. Ex.: XPMT5-* ou o nome da corretora. Vazio: qualquer corretora."
            />
          </div>
          <FormField
            control={form.control}
            name="trialDemoOnly"
            render={({ field }) => (
              <FormItem className="flex flex-wrap items-center gap-x-3 gap-y-1 md:col-span-2">
                <FormControl>
                  <Switch ref={field.ref} name={field.name} checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} />
                </FormControl>
                <FormLabel className="font-normal">Licenças de teste só em conta demo</FormLabel>
                <FormDescription className="basis-full">Uma licença de teste não roda em conta real.</FormDescription>
                <FormMessage className="basis-full" />
              </FormItem>
            )}
          />
        </fieldset>
        {!readOnly && (
          <div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Spinner label="Salvando" /> : <SaveIcon aria-hidden />}
              Salvar
            </Button>
          </div>
        )}
      </form>
    </Form>
  )
}
