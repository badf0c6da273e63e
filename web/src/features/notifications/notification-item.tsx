import { Badge } from '@/components/ui/badge'
import { DropdownMenuItem } from '@/components/ui/dropdown-menu'
import type { LiveNotification } from './notification'
import { notificationLabel, notificationVariant } from './notification-labels'
import { relativeTime } from './relative-time'

/**
 * One notification in the bell's list: type badge, when, title and message. A menu item so the
 * arrow keys walk (and scroll) the list; choosing it does nothing and keeps the menu open.
 */
export function NotificationItem({ notification }: { notification: LiveNotification }) {
  const { type, title, message, timestamp } = notification
  return (
    <DropdownMenuItem className="flex-col items-stretch gap-1" onSelect={(event) => event.preventDefault()} data-testid="notification-item">
      <div className="flex items-center justify-between gap-2">
        <Badge variant={notificationVariant(type)}>{notificationLabel(type)}</Badge>
        <time className="text-xs text-muted-foreground" dateTime={timestamp ?? undefined}>
          {relativeTime(timestamp)}
        </time>
      </div>
      {title && <p className="font-medium">{title}</p>}
      {message && <p className="text-xs text-muted-foreground">{message}</p>}
    </DropdownMenuItem>
  )
}
