import { useQuery } from '@tanstack/react-query'
import { PageHeading } from '@/components/page-heading'
import { Card, CardContent } from '@/components/ui/card'
import { factoryStatusQuery } from '@/features/robot-factory/api/projects'
import { factoryBlock } from '@/features/robot-factory/availability'
import { BackLink } from '@/features/robot-factory/components/back-link'
import { FactoryBlockBanner, QuotaLine } from '@/features/robot-factory/components/factory-availability'
import { NewProjectWizard } from '@/features/robot-factory/components/new-project-wizard'

/**
 * /robot-factory/new — the seven-step wizard that describes a robot to the AI. Without a model or with the month's
 * quota used up, a banner says why and Gerar Robô stays off (the answers can still be written).
 */
export function TenantRobotFactoryNewPage() {
  const factory = useQuery(factoryStatusQuery())
  const block = factoryBlock(factory.data)

  return (
    <div className="space-y-6">
      <BackLink to="/robot-factory">Voltar para a Fábrica</BackLink>
      <PageHeading title="Novo Projeto" description="Descreva a estratégia em sete passos; no último, a IA gera o robô e o compila." />
      <QuotaLine status={factory.data} />
      {block && <FactoryBlockBanner block={block} />}
      <Card>
        <CardContent>
          <NewProjectWizard blocked={block !== null} />
        </CardContent>
      </Card>
    </div>
  )
}
