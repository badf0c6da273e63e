import type * as React from 'react'
import { MailIcon, PhoneIcon } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { StatusBadge } from '@/components/data'
import { formatDate, formatDateTime } from '@/lib/format'
import { labelOf } from '@/lib/labels'
import { clientStatusLabels, clientStatusTones } from '@/lib/commerce-labels'
import type { ClientItem } from '../../api/clients'

/** The client's card: contact, status and dates, with the page's actions. */
export function ClientSummary({ client, actions }: { client: ClientItem; actions: React.ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-2">
          <CardTitle className="flex flex-wrap items-center gap-2 text-xl">
            {client.name}
            <StatusBadge tone={clientStatusTones[client.status]}>{labelOf(clientStatusLabels, client.status)}</StatusBadge>
          </CardTitle>
          <div className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted-foreground">
            <span className="inline-flex items-center gap-1.5">
              <MailIcon className="size-4" aria-hidden />
              {client.email}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <PhoneIcon className="size-4" aria-hidden />
              {client.phone || 'Sem telefone'}
            </span>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">{actions}</div>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">Cadastro</dt>
            <dd>{formatDate(client.registrationDate)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Último login</dt>
            <dd>{client.lastLogin ? formatDateTime(client.lastLogin) : 'Nunca'}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  )
}
