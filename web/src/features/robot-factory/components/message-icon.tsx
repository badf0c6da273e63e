import {
  CircleCheckIcon,
  CircleXIcon,
  CpuIcon,
  ListChecksIcon,
  MessageCircleIcon,
  PencilIcon,
  RocketIcon,
  SearchCheckIcon,
  SendIcon,
  SparklesIcon,
  TriangleAlertIcon,
  WrenchIcon,
  type LucideIcon,
} from 'lucide-react'
import { cn } from '@/lib/class-names'
import { labelOf } from '@/lib/labels'
import { messageTypeLabels, type MessageType } from '../labels'

const ICONS: Record<MessageType, LucideIcon> = {
  request: SendIcon,
  generation: SparklesIcon,
  review: SearchCheckIcon,
  static_check: ListChecksIcon,
  compiling: CpuIcon,
  compile_error: CircleXIcon,
  compile_success: CircleCheckIcon,
  fix: WrenchIcon,
  adjustment: PencilIcon,
  error: TriangleAlertIcon,
  published: RocketIcon,
}

const TONES: Partial<Record<MessageType, string>> = {
  compile_error: 'text-destructive',
  error: 'text-destructive',
  compile_success: 'text-success',
  published: 'text-success',
}

/** A conversation message's kind as an icon, named for screen readers; a type this app does not know gets a speech bubble. */
export function MessageIcon({ type, className }: { type: string; className?: string }) {
  const known = Object.hasOwn(ICONS, type) ? (type as MessageType) : null
  const Icon = known ? ICONS[known] : MessageCircleIcon
  const label = labelOf(messageTypeLabels, type)
  return (
    <span
      className={cn('flex size-8 shrink-0 items-center justify-center rounded-full border bg-muted', known && TONES[known], className)}
      title={label}
      data-message-type={type}
    >
      <Icon aria-hidden className="size-4" />
      <span className="sr-only">{label}</span>
    </span>
  )
}
