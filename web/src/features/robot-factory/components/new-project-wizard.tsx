import { useEffect, useState, type FormEvent } from 'react'
import { useForm, useWatch, type Control, type FieldErrors } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Link, useNavigate } from 'react-router-dom'
import { ChevronLeftIcon, ChevronRightIcon, SparklesIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { RequiredMark } from '@/components/data'
import { ApiError } from '@/lib/api/client'
import { cn } from '@/lib/class-names'
import { applyServerErrors } from '@/lib/forms'
import { useCreateProject } from '../api/projects'
import { BLOCK_MIN, firstStepWithError, INCOMPLETE_STEP, ROBOT_NAME_MIN, WIZARD_STEPS, wizardDefaults, wizardSchema, type WizardValues } from '../wizard-form'
import { WizardStepIndicator } from './wizard-step-indicator'

const CREATE_FAILED = 'Não foi possível criar o projeto.'

/**
 * The seven questions of a new robot, one per step. Próximo checks the step's answer; the last step's Gerar Robô
 * creates the project and opens it. Every answer lives in one form, so going back, a refusal or a failed request
 * loses nothing typed; a refused field takes the owner to its step. `blocked` (no model, no quota) keeps Gerar Robô off.
 */
export function NewProjectWizard({ blocked }: { blocked: boolean }) {
  const navigate = useNavigate()
  const form = useForm<WizardValues>({ resolver: zodResolver(wizardSchema), defaultValues: wizardDefaults })
  const create = useCreateProject()
  // The focus follows the owner to each new step (not on arrival: the page's heading comes first).
  const [position, setPosition] = useState({ step: 0, moved: false })
  const { step, moved } = position
  const current = WIZARD_STEPS[step]!
  const last = step === WIZARD_STEPS.length - 1
  useEffect(() => {
    if (moved) form.setFocus(current.field)
  }, [moved, current.field, form])
  const goTo = (index: number) => setPosition({ step: index, moved: true })

  const next = async () => {
    if (await form.trigger(current.field, { shouldFocus: true })) goTo(step + 1)
    else toast({ variant: 'destructive', title: INCOMPLETE_STEP, description: form.getFieldState(current.field).error?.message })
  }

  // Only reachable if an earlier answer changed to invalid without passing Próximo again (it cannot today): show it.
  const refuseLocally = (errors: FieldErrors<WizardValues>) => {
    const target = firstStepWithError(Object.keys(errors))
    if (target !== null && target !== step) goTo(target)
    toast({ variant: 'destructive', title: INCOMPLETE_STEP, description: Object.values(errors)[0]?.message })
  }

  const refuseOnServer = (error: unknown) => {
    const target = firstStepWithError(error instanceof ApiError ? Object.keys(error.fields) : [])
    if (target !== null && target !== step) goTo(target)
    toast({ variant: 'destructive', title: 'Erro ao criar projeto', description: applyServerErrors(form, error, CREATE_FAILED) })
  }

  const generate = form.handleSubmit(
    (values) => create.mutate(values, { onSuccess: (project) => navigate(`/robot-factory/${project.id}`), onError: refuseOnServer }),
    refuseLocally,
  )

  // Enter in the name's input submits the form: until the last step that means Próximo.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (last) return void generate(event)
    event.preventDefault()
    void next()
  }

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate aria-label="Novo projeto" className="grid gap-6">
        <WizardStepIndicator steps={WIZARD_STEPS} current={step} onSelect={(index) => index < step && goTo(index)} />
        <StepField key={current.field} control={form.control} step={step} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex gap-2">
            <Button variant="outline" onClick={() => goTo(step - 1)} disabled={step === 0} className="flex-1 sm:flex-none">
              <ChevronLeftIcon aria-hidden />
              Anterior
            </Button>
            <Button variant="ghost" asChild className="flex-1 sm:flex-none">
              <Link to="/robot-factory">Cancelar</Link>
            </Button>
          </div>
          {last ? (
            <Button type="submit" disabled={blocked || create.isPending}>
              {create.isPending ? <Spinner aria-hidden /> : <SparklesIcon aria-hidden />}
              {create.isPending ? 'Gerando…' : 'Gerar Robô'}
            </Button>
          ) : (
            <Button type="submit">
              Próximo
              <ChevronRightIcon aria-hidden />
            </Button>
          )}
        </div>
      </form>
    </Form>
  )
}

const fieldClasses =
  'w-full min-w-0 rounded-md border border-input bg-transparent px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground md:text-sm dark:bg-input/30 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive'

/** The one answer of a step: its question, the input, the minimum and a character count. */
function StepField({ control, step }: { control: Control<WizardValues>; step: number }) {
  const { field: name, title, description, placeholder, multiline, max } = WIZARD_STEPS[step]!
  const value = useWatch({ control, name }) ?? ''
  const minimum = multiline ? BLOCK_MIN : ROBOT_NAME_MIN
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel className="text-base">
            {title}
            <RequiredMark />
          </FormLabel>
          <p className="text-sm text-muted-foreground">{description}</p>
          <FormControl>
            {multiline ? (
              <textarea {...field} rows={8} placeholder={placeholder} maxLength={max} aria-required className={cn(fieldClasses, 'resize-y')} />
            ) : (
              <Input {...field} placeholder={placeholder} maxLength={max} aria-required autoComplete="off" />
            )}
          </FormControl>
          <FormDescription className="flex justify-between gap-2">
            <span>Mínimo de {minimum} caracteres.</span>
            <span aria-hidden>
              {value.length}/{max}
            </span>
          </FormDescription>
          <FormMessage />
        </FormItem>
      )}
    />
  )
}
