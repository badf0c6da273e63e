import {
  BotIcon,
  FactoryIcon,
  KeyRoundIcon,
  LayoutDashboardIcon,
  MailIcon,
  RepeatIcon,
  SettingsIcon,
  ShoppingCartIcon,
  UsersIcon,
} from 'lucide-react'
import type { NavigationItem } from '@/lib/navigation'

export const tenantNavigation: NavigationItem[] = [
  { label: 'Dashboard', path: '/dashboard', icon: LayoutDashboardIcon },
  { label: 'Clientes', path: '/clients', icon: UsersIcon },
  { label: 'Robôs', path: '/robots', icon: BotIcon },
  { label: 'Fábrica de Robôs', path: '/robot-factory', icon: FactoryIcon },
  { label: 'Licenças', path: '/licenses', icon: KeyRoundIcon },
  { label: 'Vendas', path: '/sales', icon: ShoppingCartIcon },
  { label: 'Assinaturas', path: '/subscriptions', icon: RepeatIcon },
  { label: 'Configurações', path: '/settings', icon: SettingsIcon },
  { label: 'E-mails', path: '/email-settings', icon: MailIcon },
]
