import { get, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form'
import { ApiError, errorMessage } from '@/lib/api/client'

/**
 * Puts a failed request's field errors on the form: each entry of the server's `fields`
 * (`{ message, fields: { name: text } }`, answered with 400) becomes the error of the input of that name,
 * and the first such input takes the focus.
 *
 * Returns the text for the toast: the server's `message` (or `fallback` when the answer carried none),
 * followed by the messages of fields this form does not have, so that none is lost.
 */
export function applyServerErrors<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values>, 'setError' | 'getValues'>,
  error: unknown,
  fallback: string,
): string {
  const summary = errorMessage(error, fallback)
  if (!(error instanceof ApiError)) return summary
  const values = form.getValues()
  const elsewhere: string[] = []
  let focused = false
  for (const [name, message] of Object.entries(error.fields)) {
    if (get(values, name) === undefined) {
      elsewhere.push(message)
      continue
    }
    form.setError(name as FieldPath<Values>, { type: 'server', message }, { shouldFocus: !focused })
    focused = true
  }
  return [summary, ...elsewhere.filter((message) => message !== summary)].join(' ')
}
