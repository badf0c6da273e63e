import type { UseQueryResult } from '@tanstack/react-query'
import { ListLoadError } from '@/components/data'
import { Skeleton } from '@/components/ui/skeleton'
import type { EmailLogItem } from '../api/email-log'
import { EmailLogTable } from './email-log-table'

/** A person's e-mail log as a query gives it: skeleton while loading, the error with a retry, then the table. */
export function EmailLogContent({
  query,
  canResend,
  label,
}: {
  query: UseQueryResult<EmailLogItem[]>
  canResend: boolean
  label?: string
}) {
  if (query.isPending) return <Skeleton className="h-24 w-full" role="status" aria-label="Carregando e-mails" />
  if (query.isError) return <ListLoadError query={query} title="Erro ao carregar os e-mails" fallback="Não foi possível carregar os e-mails." />
  return <EmailLogTable items={query.data} canResend={canResend} label={label} />
}
