import { MailIcon, SettingsIcon } from 'lucide-react'
import type { NavigationItem } from '@/lib/navigation'
import { managementScreens as shared } from '@/components/portal-shell/management-screens'

export const tenantNavigation: NavigationItem[] = [
  { ...shared.dashboard, path: '/dashboard' },
  shared.clients,
  shared.robots,
  shared.robotFactory,
  { ...shared.licenses, path: '/licenses' },
  shared.sales,
  shared.subscriptions,
  { label: 'Configurações', path: '/settings', icon: SettingsIcon },
  { label: 'E-mails', path: '/email-settings', icon: MailIcon },
]
