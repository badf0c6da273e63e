import { ApiError, errorMessage } from '@/lib/api/client'

/** A form as `placeServerErrors` needs it: whether it has an input of a name, and how to show an error under one. */
export interface ServerErrorTarget {
  hasField(name: string): boolean
  setFieldError(name: string, message: string, focus: boolean): void
}

/**
 * Puts a failed request's field errors on a form: each entry of the server's `fields`
 * (`{ message, fields: { name: text } }`, answered with 400) becomes the error of the input of that name,
 * and the first such input takes the focus.
 *
 * Returns the text for the toast: the server's `message` (or `fallback` when the answer carried none),
 * followed by the messages of fields this form does not have, so that none is lost.
 *
 * No form library here: the login pages (a form of their own) and `applyServerErrors` (react-hook-form) share it.
 */
export function placeServerErrors(form: ServerErrorTarget, error: unknown, fallback: string): string {
  const summary = errorMessage(error, fallback)
  if (!(error instanceof ApiError)) return summary
  const elsewhere: string[] = []
  let focused = false
  for (const [name, message] of Object.entries(error.fields)) {
    if (!form.hasField(name)) {
      elsewhere.push(message)
      continue
    }
    form.setFieldError(name, message, !focused)
    focused = true
  }
  return [summary, ...elsewhere.filter((message) => message !== summary)].join(' ')
}
