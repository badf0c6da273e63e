import { ApiError } from '@/lib/api/client'

/**
 * The same failure with some of the server's field names swapped for the form's, for forms whose inputs do not
 * map one to one onto the request (the version upload sends one `version` built from three inputs).
 */
export function renameServerFields(error: unknown, names: Record<string, string>): unknown {
  if (!(error instanceof ApiError)) return error
  const fields = Object.fromEntries(Object.entries(error.fields).map(([name, message]) => [names[name] ?? name, message]))
  return new ApiError(error.status, error.message, fields, error.fromServer)
}
