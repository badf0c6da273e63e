import {
  BotIcon,
  Building2Icon,
  FactoryIcon,
  FileCode2Icon,
  HistoryIcon,
  KeyRoundIcon,
  LayoutDashboardIcon,
  RepeatIcon,
  ShoppingCartIcon,
  UserCogIcon,
  UsersIcon,
} from 'lucide-react'
import type { NavigationItem } from '@/lib/navigation'

export const adminNavigation: NavigationItem[] = [
  { label: 'Dashboard', path: '/', icon: LayoutDashboardIcon },
  { label: 'Tenants', path: '/tenants', icon: Building2Icon },
  { label: 'Tenant Owners', path: '/tenant-owners', icon: UserCogIcon },
  { label: 'Robôs', path: '/robots', icon: BotIcon },
  { label: 'Fábrica de Robôs', path: '/robot-factory', icon: FactoryIcon },
  { label: 'Template Autenticação', path: '/robot-auth-template', icon: FileCode2Icon },
  { label: 'Histórico de Compilações', path: '/compilation-history', icon: HistoryIcon },
  { label: 'Clientes', path: '/clients', icon: UsersIcon },
  { label: 'Licenças', path: '/client-robots', icon: KeyRoundIcon },
  { label: 'Vendas', path: '/sales', icon: ShoppingCartIcon },
  { label: 'Assinaturas', path: '/subscriptions', icon: RepeatIcon },
]
