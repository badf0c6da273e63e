import { get, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form'
import { placeServerErrors } from '@/lib/server-errors'

/**
 * `placeServerErrors` for a react-hook-form form: each of the server's field errors under the input of that name
 * (the first takes the focus); returns the text for the toast, the messages of fields the form lacks included.
 */
export function applyServerErrors<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values>, 'setError' | 'getValues'>,
  error: unknown,
  fallback: string,
): string {
  const values = form.getValues()
  return placeServerErrors(
    {
      hasField: (name) => get(values, name) !== undefined,
      setFieldError: (name, message, focus) => form.setError(name as FieldPath<Values>, { type: 'server', message }, { shouldFocus: focus }),
    },
    error,
    fallback,
  )
}
