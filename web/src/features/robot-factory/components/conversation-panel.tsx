import { useEffect, useRef } from 'react'
import { BotIcon } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { formatDateTime } from '@/lib/format'
import type { ConversationMessage } from '../api/types'
import { roleLabel } from '../labels'
import type { LiveDraft } from '../use-project-live-updates'
import { MessageContent } from './message-content'
import { MessageIcon } from './message-icon'

/** How close to the bottom (px) still counts as "following" the newest text. */
const FOLLOW_MARGIN = 48

/**
 * The project's conversation with the AI, oldest first, in a 500 px panel that scrolls to the newest message when one
 * arrives. Text the model is writing right now (`draft`) shows as a last bubble, followed while the owner stays at the
 * bottom; scrolling up to read stops the following until the next message.
 */
export function ConversationPanel({ messages, draft }: { messages: ConversationMessage[]; draft: LiveDraft | null }) {
  const scroller = useRef<HTMLDivElement>(null)
  const following = useRef(true)
  const count = messages.length
  const drafting = draft !== null
  const draftText = draft?.text

  useEffect(() => {
    const element = scroller.current
    if (!element) return
    element.scrollTop = element.scrollHeight
    following.current = true
  }, [count, drafting])

  useEffect(() => {
    const element = scroller.current
    if (element && following.current) element.scrollTop = element.scrollHeight
  }, [draftText])

  const onScroll = () => {
    const element = scroller.current
    if (element) following.current = element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_MARGIN
  }

  return (
    <Card className="min-w-0 gap-4">
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Conversa</h2>
        </CardTitle>
        <CardDescription>O pedido, o trabalho da IA e cada compilação, em ordem.</CardDescription>
      </CardHeader>
      <CardContent>
        <div
          ref={scroller}
          onScroll={onScroll}
          tabIndex={0}
          role="region"
          aria-label="Mensagens da conversa"
          className="h-[500px] overflow-y-auto rounded-md border p-3 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          {count === 0 && !drafting ? (
            <p className="py-10 text-center text-sm text-muted-foreground">Nenhuma mensagem ainda.</p>
          ) : (
            <ol className="grid gap-4" aria-label="Mensagens">
              {messages.map((message) => (
                <MessageItem key={message.id} message={message} />
              ))}
              {draft && <DraftItem text={draft.text} />}
            </ol>
          )}
        </div>
      </CardContent>
    </Card>
  )
}

const roleVariants = { system: 'secondary', assistant: 'default' } as const

function MessageItem({ message }: { message: ConversationMessage }) {
  return (
    <li className="flex gap-3" data-testid="conversation-message">
      <MessageIcon type={message.type} />
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <Badge variant={Object.hasOwn(roleVariants, message.role) ? roleVariants[message.role as keyof typeof roleVariants] : 'outline'}>
            {roleLabel(message.role)}
          </Badge>
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        </div>
        <MessageContent content={message.content} />
      </div>
    </li>
  )
}

/** The model's text as it streams in. */
function DraftItem({ text }: { text: string }) {
  return (
    <li className="flex gap-3" aria-busy="true" data-testid="live-draft">
      <span className="flex size-8 shrink-0 animate-pulse items-center justify-center rounded-full border bg-muted">
        <BotIcon aria-hidden className="size-4" />
      </span>
      <div className="grid min-w-0 flex-1 gap-1 rounded-md border border-dashed p-2">
        <div className="flex items-center gap-2 text-xs text-muted-foreground">
          <Badge>IA</Badge>
          <span>IA está escrevendo…</span>
        </div>
        {text && <MessageContent content={text} />}
      </div>
    </li>
  )
}
