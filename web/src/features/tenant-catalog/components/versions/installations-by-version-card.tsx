import { useQuery } from '@tanstack/react-query'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { errorMessage } from '@/lib/api/client'
import { installationsByVersionQuery, type VersionInstallationsItem } from '../../api/versions'

/**
 * "Instalações por versão": how many MetaTrader installations ran each version in the last 30 days, so the owner sees
 * who is still on an old or withdrawn version after an update. Installations whose check did not say its version
 * (robots built before version tags) are counted apart, as "Versão desconhecida".
 */
export function InstallationsByVersionCard({ robotId }: { robotId: string }) {
  const query = useQuery(installationsByVersionQuery(robotId))
  return (
    <Card role="region" aria-labelledby="installations-by-version-heading">
      <CardHeader>
        <CardTitle>
          <h2 id="installations-by-version-heading" className="text-lg">
            Instalações por versão
          </h2>
        </CardTitle>
        <CardDescription>Contas do MetaTrader que usaram o robô nos últimos 30 dias, pela versão em execução.</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isSuccess ? (
          <InstallationsTable rows={query.data} />
        ) : query.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm">
            <p className="text-destructive">{errorMessage(query.error, 'Não foi possível carregar as instalações.')}</p>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              Tentar novamente
            </Button>
          </div>
        ) : (
          <div className="grid gap-2" role="status" aria-busy="true" aria-label="Carregando instalações">
            <Skeleton className="h-6 w-full" />
            <Skeleton className="h-6 w-full" />
          </div>
        )}
      </CardContent>
    </Card>
  )
}

function InstallationsTable({ rows }: { rows: VersionInstallationsItem[] }) {
  // The unknown bucket is shown only when it holds someone: an empty one says nothing.
  const shown = rows.filter((row) => row.version !== null || row.installations > 0)
  const total = shown.reduce((sum, row) => sum + row.installations, 0)
  if (total === 0) {
    return <p className="text-sm text-muted-foreground">Nenhuma instalação nos últimos 30 dias.</p>
  }
  return (
    <Table aria-label="Instalações por versão">
      <TableHeader>
        <TableRow>
          <TableHead>Versão</TableHead>
          <TableHead className="text-right">Instalações</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {shown.map((row) => (
          <TableRow key={row.version ?? 'unknown'}>
            <TableCell>
              <span className="flex flex-wrap items-center gap-2">
                {row.version ?? <span className="text-muted-foreground">Versão desconhecida</span>}
                {row.withdrawn && <Badge variant="destructive">Retirada</Badge>}
              </span>
            </TableCell>
            <TableCell className="text-right tabular-nums">{row.installations}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
