import { Building2Icon, FileCode2Icon, HistoryIcon, UserCogIcon } from 'lucide-react'
import type { NavigationItem } from '@/lib/navigation'
import { managementScreens as shared } from '@/components/portal-shell/management-screens'

export const adminNavigation: NavigationItem[] = [
  { ...shared.dashboard, path: '/' },
  { label: 'Tenants', path: '/tenants', icon: Building2Icon },
  { label: 'Tenant Owners', path: '/tenant-owners', icon: UserCogIcon },
  shared.robots,
  shared.robotFactory,
  { label: 'Template Autenticação', path: '/robot-auth-template', icon: FileCode2Icon },
  { label: 'Histórico de Compilações', path: '/compilation-history', icon: HistoryIcon },
  shared.clients,
  { ...shared.licenses, path: '/client-robots' },
  shared.sales,
  shared.subscriptions,
]
