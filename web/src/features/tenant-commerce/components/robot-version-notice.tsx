import { useQuery } from '@tanstack/react-query'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { robotOptionsQuery } from '@/lib/api/owner-options'

/**
 * Said before the sale is recorded: the chosen robot has no active version, so the buyer gets a license and nothing
 * to download until one is published (the sale may still be recorded).
 */
export function RobotVersionNotice({ robotId }: { robotId: string }) {
  const robots = useQuery(robotOptionsQuery())
  const robot = robotId ? robots.data?.items.find((item) => item.id === robotId) : undefined
  if (!robot || robot.activeVersion) return null
  return (
    <Alert variant="warning" role="status">
      <AlertTitle>{robot.name} ainda não tem versão ativa</AlertTitle>
      <AlertDescription>
        A venda pode ser registrada, mas o comprador não terá o que baixar até você publicar uma versão em Robôs → Versões.
      </AlertDescription>
    </Alert>
  )
}
