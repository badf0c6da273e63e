import { useEffect, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { subscribeFactoryEvents } from '@/lib/live-events/factory-events'
import { robotFactoryKeys } from './api/keys'

/** The text the model is writing right now for one version, as streamed so far. */
export interface LiveDraft {
  versionId: string | null
  text: string
}

/**
 * Follows project `projectId` on the live stream. A status change asks for the project at once (not waiting for the
 * 5-second poll) and drops the draft: what was streamed is about to arrive as a stored message. The streamed text is
 * also dropped when the conversation grows, since the new message is that text; not on every poll, which would wipe
 * a draft still being written.
 */
export function useProjectLiveUpdates(projectId: string, messageCount: number): LiveDraft | null {
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState<LiveDraft | null>(null)
  const [seenCount, setSeenCount] = useState(messageCount)
  if (messageCount !== seenCount) {
    setSeenCount(messageCount)
    setDraft(null)
  }

  useEffect(() => {
    if (!projectId) return
    return subscribeFactoryEvents((event) => {
      if (event.projectId !== projectId) return
      if (event.kind === 'status') {
        setDraft(null)
        void queryClient.invalidateQueries({ queryKey: robotFactoryKeys.projects.detail(projectId) })
        return
      }
      const chunk = event.text ?? ''
      // A chunk of another version (a new adjustment started) begins a new draft.
      setDraft((current) =>
        current && current.versionId === event.versionId ? { ...current, text: current.text + chunk } : { versionId: event.versionId, text: chunk },
      )
    })
  }, [projectId, queryClient])

  return draft
}
