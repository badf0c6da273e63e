import type * as React from 'react'
import { useForm, type Control, type DefaultValues, type FieldPath, type FieldValues } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import type { z } from 'zod'
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Input } from '@/components/ui/input'

/*
 * The password pages' forms (forgot and reset: schemas with cross-field rules), on react-hook-form and zod. The
 * login forms, which every first visit loads, use `login-form.tsx` instead: no form library there.
 */

/** A form's state, validated by `schema` before anything is sent; its pt-BR messages show under the fields. */
export function useSchemaForm<Values extends FieldValues>(schema: z.ZodType<Values, Values>, defaultValues: DefaultValues<Values>) {
  return useForm<Values>({ resolver: zodResolver(schema), defaultValues })
}

type SchemaFieldProps<Values extends FieldValues> = Omit<React.ComponentProps<'input'>, 'name' | 'value' | 'onChange' | 'onBlur'> & {
  control: Control<Values>
  /** Also the input's `id` and `name`, which labels and browser tests rely on. */
  name: FieldPath<Values>
  label: string
  description?: string
}

/** One labelled input, with an optional hint and the field's validation message. */
export function SchemaField<Values extends FieldValues>({ control, name, label, description, ...inputProps }: SchemaFieldProps<Values>) {
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
