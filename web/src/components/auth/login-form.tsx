import type * as React from 'react'
import { useForm, type Control, type DefaultValues, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { applyServerErrors } from '@/lib/forms'

/** A login form's state, validated by `schema` before anything is sent. */
export function useLoginForm<Values extends FieldValues>(schema: z.ZodType<Values, Values>, defaultValues: DefaultValues<Values>) {
  return useForm<Values>({ resolver: zodResolver(schema), defaultValues })
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
 * spinner, while `login` runs), then `footer`. Browser validation is off; the schema's pt-BR messages show under the fields.
 * A refused login shows `failure` as a toast with the server's message, and the server's field
 * errors under the inputs they name.
 */
export function LoginForm<Values extends FieldValues>({
  form,
  login,
  failure,
  children,
  footer,
  submitLabel = 'Entrar',
}: {
  form: UseFormReturn<Values>
  login: LoginAction<Values>
  failure: LoginFailure
  children: React.ReactNode
  footer?: React.ReactNode
  submitLabel?: string
}) {
  const submit = form.handleSubmit((values) =>
    login.mutate(values, {
      onError: (error) => toast({ variant: 'destructive', title: failure.title, description: applyServerErrors(form, error, failure.fallback) }),
    }),
  )
  return (
    <Form {...form}>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        {children}
        <Button type="submit" className="w-full" disabled={login.isPending}>
          {login.isPending && <Spinner />}
          {submitLabel}
        </Button>
        {footer}
      </form>
    </Form>
  )
}

type LoginFieldProps<Values extends FieldValues> = Omit<React.ComponentProps<'input'>, 'name' | 'value' | 'onChange' | 'onBlur'> & {
  control: Control<Values>
  /** Also the input's `id` and `name`, which labels and browser tests rely on. */
  name: FieldPath<Values>
  label: string
  description?: string
}

/** One labelled input of a login form, with an optional hint and the field's validation message. */
export function LoginField<Values extends FieldValues>({ control, name, label, description, ...inputProps }: LoginFieldProps<Values>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input {...inputProps} {...field} />
          </FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  )
}
