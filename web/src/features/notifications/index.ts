export { NotificationBell, type NotificationBellProps } from './notification-bell'
export type { LiveNotification } from './notification'
export { tenantOwnerStreamHeaders } from './owner-headers'
export {
  useNotificationStream,
  NOTIFICATION_STREAM_PATH,
  MAX_NOTIFICATIONS,
  type NotificationStreamOptions,
  type StreamStatus,
} from './use-notification-stream'
