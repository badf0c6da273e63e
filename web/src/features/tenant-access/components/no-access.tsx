import type * as React from 'react'
import { Link } from 'react-router-dom'
import { LockIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { usePageTitle } from '@/lib/page-title'
import { ownerRoleLabels } from '../permissions'
import { useCan, useOwnerRole } from '../use-can'
import type { Capability } from '../permissions'

export const NO_ACCESS = 'Seu perfil não tem acesso a esta área.'

/** What a screen shows an owner whose role may not open it, with the way to the screens they can. */
export function NoAccessPage({ homePath }: { homePath: string }) {
  usePageTitle('Sem acesso')
  const role = useOwnerRole()
  return (
    <Card role="alert" className="mx-auto mt-8 max-w-lg">
      <CardHeader>
        <LockIcon className="size-8 text-muted-foreground" aria-hidden />
        <CardTitle>
          <h1 className="text-xl">{NO_ACCESS}</h1>
        </CardTitle>
        <CardDescription>
          {role ? `Você entrou com o perfil ${ownerRoleLabels[role]}. ` : ''}
          Se precisar desta área, peça a um administrador da conta.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <Link to={homePath}>Voltar ao início</Link>
        </Button>
      </CardContent>
    </Card>
  )
}

/** A screen that needs `capability`: the screen itself for a role that holds it, the no-access page for the others. */
export function RequireCapability({ capability, homePath, children }: { capability: Capability; homePath: string; children: React.ReactNode }) {
  return useCan(capability) ? children : <NoAccessPage homePath={homePath} />
}
