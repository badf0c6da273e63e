import * as React from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import type { FieldCheck } from '@/lib/field-check'
import { placeServerErrors } from '@/lib/server-errors'

/*
 * The login forms: every portal's first screen, so no form library (react-hook-form, zod) is loaded for them. A
 * login form's fields are text, each checked by a `FieldCheck` (the server's field rules, `fieldCheck`), with the
 * same behaviour the other forms have: nothing is checked until the first submit, which checks every field, shows
 * each field's first message under it and focuses the first field in error; from then on a field is checked again
 * as it changes. What is sent is the checked values (trimmed where the rule trims).
 */

/** A login form's values: text fields by name. */
export type LoginValues<Values> = Record<keyof Values, string>

/** The check of each field of a login form. */
export type LoginChecks<Values extends LoginValues<Values>> = { [Name in keyof Values]: FieldCheck }

type FieldName<Values extends LoginValues<Values>> = keyof Values & string

/** A login form's state and actions (`useLoginForm`). */
export interface LoginFormState<Values extends LoginValues<Values>> {
  values: Values
  /** Each field's message, when it has one. */
  errors: Partial<Record<FieldName<Values>, string>>
  /** What an input calls as the person types: the value, checked again once the form was submitted. */
  change(name: FieldName<Values>, value: string): void
  /** Gives the form a field's input (to focus it). */
  register(name: FieldName<Values>): (element: HTMLInputElement | null) => void
  /** A submit handler: checks every field, then calls `onValid` with the checked values, or shows the messages. */
  handleSubmit(onValid: (values: Values) => void): (event?: React.FormEvent) => void
  /** Shows `message` under a field (a server's refusal). */
  setError(name: FieldName<Values>, message: string, options?: { shouldFocus?: boolean }): void
  /** The values as typed, now. */
  getValues(): Values
  /** Back to `values`, with no message, as before the first submit. */
  reset(values: Values): void
  setFocus(name: FieldName<Values>): void
}

/** A login form's state, its fields checked by `checks` before anything is sent. */
export function useLoginForm<Values extends LoginValues<Values>>(checks: LoginChecks<Values>, defaultValues: Values): LoginFormState<Values> {
  const [values, setValues] = React.useState(defaultValues)
  const [errors, setErrors] = React.useState<LoginFormState<Values>['errors']>({})
  // Read by callbacks that run after a render (a request's answer): always the latest.
  const current = React.useRef({ values, submitted: false })
  // The inputs by name (a failed submit focuses the first one in error on the page), and one ref callback per name.
  const [inputs] = React.useState(() => new Map<string, HTMLInputElement>())
  const [refs] = React.useState(() => new Map<string, (element: HTMLInputElement | null) => void>())

  return React.useMemo<LoginFormState<Values>>(() => {
    const setValuesNow = (next: Values) => {
      current.current.values = next
      setValues(next)
    }
    const focus = (name: string) => inputs.get(name)?.focus()
    return {
      values,
      errors,
      change(name, value) {
        setValuesNow({ ...current.current.values, [name]: value })
        if (!current.current.submitted) return
        const { error } = checks[name](value)
        setErrors((previous) => withError(previous, name, error))
      },
      register(name) {
        let ref = refs.get(name)
        if (!ref) {
          ref = (element) => {
            if (element) inputs.set(name, element)
            else inputs.delete(name)
          }
          refs.set(name, ref)
        }
        return ref
      },
      handleSubmit(onValid) {
        return (event) => {
          event?.preventDefault()
          current.current.submitted = true
          const checked = { ...current.current.values }
          const found: LoginFormState<Values>['errors'] = {}
          for (const name of Object.keys(checks) as Array<FieldName<Values>>) {
            const { value, error } = checks[name](current.current.values[name] ?? '')
            checked[name] = value as Values[typeof name]
            if (error !== null) found[name] = error
          }
          setErrors(found)
          const invalid = [...inputs]
            .filter(([name]) => name in found)
            .map(([, input]) => input)
            .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
          if (Object.keys(found).length === 0) onValid(checked)
          else invalid[0]?.focus()
        }
      },
      setError(name, message, { shouldFocus = false } = {}) {
        setErrors((previous) => withError(previous, name, message))
        if (shouldFocus) focus(name)
      },
      getValues: () => current.current.values,
      reset(next) {
        current.current.submitted = false
        setValuesNow(next)
        setErrors({})
      },
      setFocus: focus,
    }
  }, [values, errors, checks, inputs, refs])
}

function withError<Errors extends Partial<Record<string, string>>>(errors: Errors, name: string, message: string | null): Errors {
  if (message === null) {
    if (!(name in errors)) return errors
    const rest = { ...errors }
    delete rest[name]
    return rest
  }
  return errors[name] === message ? errors : { ...errors, [name]: message }
}

/** What a login form needs from its login mutation (a TanStack `useMutation` result fits). */
export interface LoginAction<Values> {
  mutate(values: Values, options?: { onError?: (error: unknown) => void }): void
  isPending: boolean
}

/** The toast a failed login shows: its title, and the text used when the server sent no message. */
export interface LoginFailure {
  title: string
  fallback: string
}

/**
 * A login form: its fields, then the submit button ("Entrar" unless `submitLabel` says otherwise; disabled, with a
 * spinner, while `login` runs), then `footer`. Browser validation is off; the checks' pt-BR messages show under the fields.
 * A refused login shows `failure` as a toast with the server's message, and the server's field
 * errors under the inputs they name.
 */
export function LoginForm<Values extends LoginValues<Values>>({
  form,
  login,
  failure,
  children,
  footer,
  submitLabel = 'Entrar',
}: {
  form: LoginFormState<Values>
  login: LoginAction<Values>
  failure: LoginFailure
  children: React.ReactNode
  footer?: React.ReactNode
  submitLabel?: string
}) {
  const submit = form.handleSubmit((values) =>
    login.mutate(values, {
      onError: (error) => {
        const description = placeServerErrors(
          {
            hasField: (name) => Object.hasOwn(form.getValues(), name),
            setFieldError: (name, message, focus) => form.setError(name as FieldName<Values>, message, { shouldFocus: focus }),
          },
          error,
          failure.fallback,
        )
        toast({ variant: 'destructive', title: failure.title, description })
      },
    }),
  )
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      {children}
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending && <Spinner />}
        {submitLabel}
      </Button>
      {footer}
    </form>
  )
}

type LoginFieldProps<Values extends LoginValues<Values>> = Omit<React.ComponentProps<'input'>, 'form' | 'name' | 'value' | 'onChange' | 'onBlur'> & {
  form: LoginFormState<Values>
  /** Also the input's `id` and `name`, which labels and browser tests rely on. */
  name: FieldName<Values>
  label: string
  description?: string
  /** What to keep of what is typed (e.g. digits only); the whole text by default. */
  parse?: (typed: string) => string
}

/** One labelled input of a login form, with an optional hint and the field's message. */
export function LoginField<Values extends LoginValues<Values>>({ form, name, label, description, parse, ...inputProps }: LoginFieldProps<Values>) {
  const error = form.errors[name]
  const descriptionId = `${name}-description`
  const messageId = `${name}-message`
  return (
    <div data-slot="form-item" className="grid gap-2">
      <Label data-slot="form-label" data-error={!!error} className="data-[error=true]:text-destructive" htmlFor={name}>
        {label}
      </Label>
      <Input
        {...inputProps}
        data-slot="form-control"
        id={name}
        name={name}
        value={form.values[name]}
        onChange={(event) => form.change(name, parse ? parse(event.target.value) : event.target.value)}
        ref={form.register(name)}
        aria-describedby={error ? `${descriptionId} ${messageId}` : descriptionId}
        aria-invalid={!!error}
      />
      {description && (
        <p data-slot="form-description" id={descriptionId} className="text-muted-foreground text-xs">
          {description}
        </p>
      )}
      {error && (
        <p data-slot="form-message" id={messageId} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  )
}
