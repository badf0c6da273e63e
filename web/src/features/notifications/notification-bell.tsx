import { BellIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { cn } from '@/lib/class-names'
import { NotificationItem } from './notification-item'
import { useNotificationStream, type NotificationStreamOptions, type StreamStatus } from './use-notification-stream'

/** The number on the bell: up to 9, then '9+'. */
export function countBadge(count: number): string {
  return count > 9 ? '9+' : String(count)
}

function ConnectionIndicator({ status }: { status: StreamStatus }) {
  const online = status === 'online'
  return (
    <span className="flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="notification-status">
      <span aria-hidden className={cn('size-2 rounded-full', online ? 'bg-success' : 'bg-muted-foreground/50')} />
      {online ? 'Online' : 'Offline'}
    </span>
  )
}

export type NotificationBellProps = NotificationStreamOptions

/** The header's bell: live notifications in a dropdown, a count on the bell, a toast for each arrival. */
export function NotificationBell(options: NotificationBellProps) {
  const { status, notifications, clear } = useNotificationStream(options)
  const count = notifications.length
  return (
    <DropdownMenu>
      {/* The count sits over the bell but outside the button: the button's name says the count in words, and a
          visible "9+" inside it would be text its name leaves out (axe's label-content-name-mismatch). */}
      <span className="relative inline-flex">
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={count > 0 ? `Notificações (${count})` : 'Notificações'}>
            <BellIcon aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        {count > 0 && (
          <span
            aria-hidden
            data-testid="notification-count"
            className="pointer-events-none absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive-fill px-1 text-[10px] leading-none font-semibold text-white"
          >
            {countBadge(count)}
          </span>
        )}
      </span>
      <DropdownMenuContent align="end" className="w-80 p-0">
        <div className="flex items-center justify-between gap-2 px-3 py-2">
          <DropdownMenuLabel className="p-0 text-base font-semibold">Notificações</DropdownMenuLabel>
          <ConnectionIndicator status={status} />
        </div>
        <DropdownMenuSeparator className="m-0" />
        {count === 0 ? (
          <p className="px-3 py-6 text-center text-sm text-muted-foreground">Nenhuma notificação</p>
        ) : (
          <>
            <div className="max-h-[300px] overflow-y-auto p-1" data-testid="notification-list">
              {notifications.map((notification) => (
                <NotificationItem key={notification.key} notification={notification} />
              ))}
            </div>
            <DropdownMenuSeparator className="m-0" />
            <div className="p-1">
              <DropdownMenuItem className="justify-center" onSelect={clear}>
                Limpar tudo
              </DropdownMenuItem>
            </div>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
