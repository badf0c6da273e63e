import * as React from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import type { components } from '@/lib/api/schema'
import { LeakTraceSection } from './leak-trace'
import { SharedBuildClients } from './shared-build-clients'

type Version = Pick<components['schemas']['VersionItem'], 'active' | 'compileJobId'>

export const UPLOADED_EX5_HAS_NO_PERSONAL_BUILDS =
  'Robôs enviados como .ex5 não têm cópias pessoais: a plataforma não tem o código-fonte para compilar uma cópia por licença.'
export const ACTIVE_UPLOADED_EX5 =
  'A versão ativa foi enviada como .ex5: ela não tem cópias pessoais, e todos os compradores baixam o mesmo arquivo. Cópias pessoais de versões anteriores ainda podem ser rastreadas.'
export const NO_VERSION_YET = 'As cópias pessoais são compiladas a partir do código-fonte da versão ativa. Este robô ainda não tem versão.'

/**
 * What a robot's personal copies allow, by where its versions come from. A personal copy is compiled from the source
 * of the active version's compile job (decision 0015): a version uploaded as an .ex5 (no compile job) has none.
 */
function personalBuildsOf(versions: readonly Version[]): 'all' | 'trace-only' | 'uploaded' | 'none' {
  if (versions.length === 0) return 'none'
  if (versions.some((version) => version.active && version.compileJobId)) return 'all'
  return versions.some((version) => version.compileJobId) ? 'trace-only' : 'uploaded'
}

/**
 * "Cópias pessoais" of a robot: which active buyers are still on the shared file, and tracing a found .ex5 to its
 * buyer (then revoking that copy, for a role that manages licenses). Robots uploaded as .ex5 get the reason instead.
 */
export function PersonalBuildsCard({ robotId, versions, canRevoke }: { robotId: string; versions: readonly Version[]; canRevoke: boolean }) {
  const titleId = React.useId()
  const scope = personalBuildsOf(versions)
  return (
    <section aria-labelledby={titleId}>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 id={titleId} className="text-lg">
              Cópias pessoais
            </h2>
          </CardTitle>
          <CardDescription>
            Cada licença baixa um .ex5 compilado só para ela, com uma marca própria: um arquivo vazado mostra de quem era a cópia.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-8">
          {scope === 'uploaded' && <p className="text-sm">{UPLOADED_EX5_HAS_NO_PERSONAL_BUILDS}</p>}
          {scope === 'none' && <p className="text-sm text-muted-foreground">{NO_VERSION_YET}</p>}
          {scope === 'trace-only' && <p className="text-sm">{ACTIVE_UPLOADED_EX5}</p>}
          {scope === 'all' && <SharedBuildClients robotId={robotId} />}
          {(scope === 'all' || scope === 'trace-only') && <LeakTraceSection robotId={robotId} canRevoke={canRevoke} />}
        </CardContent>
      </Card>
    </section>
  )
}
