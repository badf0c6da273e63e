import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { PencilIcon, RocketIcon } from 'lucide-react'
import { PageHeading } from '@/components/page-heading'
import { Button } from '@/components/ui/button'
import { factoryStatusQuery } from '../api/projects'
import type { ProjectDetail } from '../api/types'
import { factoryBlock } from '../availability'
import { isVersionInProgress } from '../labels'
import type { LiveDraft } from '../use-project-live-updates'
import { AdjustmentDialog } from './adjustment-dialog'
import { ConversationPanel } from './conversation-panel'
import { FactoryBlockBanner, QuotaLine } from './factory-availability'
import { PublishDialog } from './publish-dialog'
import { ProjectStatusBadge } from './status-badges'
import { VersionsPanel } from './versions-panel'

/**
 * A loaded project: its name and status, Solicitar Ajustes and (once a version compiled) Publicar Robô, then the
 * conversation and the versions side by side (stacked on a phone). `readOnly` (an owner who may not change robots)
 * shows it without the two actions.
 */
export function ProjectView({ project, draft, readOnly = false }: { project: ProjectDetail; draft: LiveDraft | null; readOnly?: boolean }) {
  const factory = useQuery(factoryStatusQuery())
  const block = factoryBlock(factory.data)
  const [dialog, setDialog] = useState<'adjust' | 'publish' | null>(null)
  // Newest first: the first that compiled is the one to publish.
  const publishable = project.versions.find((version) => version.compilationStatus === 'success')
  const newest = project.versions[0]
  const working = newest !== undefined && isVersionInProgress(newest.compilationStatus)
  const closeDialog = (open: boolean) => !open && setDialog(null)

  return (
    <>
      <PageHeading
        title={project.name}
        description={project.description ?? undefined}
        actions={
          !readOnly && (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setDialog('adjust')} disabled={block !== null || working}>
                <PencilIcon aria-hidden />
                Solicitar Ajustes
              </Button>
              {publishable && (
                <Button onClick={() => setDialog('publish')}>
                  <RocketIcon aria-hidden />
                  Publicar Robô
                </Button>
              )}
            </div>
          )
        }
      />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <ProjectStatusBadge status={project.status} />
        {working && <p className="text-sm text-muted-foreground">A IA está trabalhando na versão {newest.version}; novos ajustes ficam disponíveis quando ela terminar.</p>}
        <QuotaLine status={factory.data} />
      </div>
      {block && !readOnly && <FactoryBlockBanner block={block} />}
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <ConversationPanel messages={project.conversationHistory} draft={draft} />
        <VersionsPanel project={project} />
      </div>
      {!readOnly && <AdjustmentDialog project={project} open={dialog === 'adjust'} onOpenChange={closeDialog} />}
      {publishable && !readOnly && <PublishDialog projectId={project.id} version={publishable} open={dialog === 'publish'} onOpenChange={closeDialog} />}
    </>
  )
}
