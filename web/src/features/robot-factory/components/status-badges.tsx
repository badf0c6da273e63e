import { StatusBadge } from '@/components/data'
import { labelOf, toneOf } from '@/lib/labels'
import { generationStatusLabels, generationStatusTones, projectStatusLabels, projectStatusTones, versionStatusLabels, versionStatusTones } from '../labels'

export function ProjectStatusBadge({ status }: { status: string }) {
  return <StatusBadge tone={toneOf(projectStatusTones, status)}>{labelOf(projectStatusLabels, status)}</StatusBadge>
}

export function VersionStatusBadge({ status }: { status: string }) {
  return <StatusBadge tone={toneOf(versionStatusTones, status)}>{labelOf(versionStatusLabels, status)}</StatusBadge>
}

export function GenerationStatusBadge({ status }: { status: string }) {
  return <StatusBadge tone={toneOf(generationStatusTones, status)}>{labelOf(generationStatusLabels, status)}</StatusBadge>
}
