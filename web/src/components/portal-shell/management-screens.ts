import { BotIcon, FactoryIcon, KeyRoundIcon, LayoutDashboardIcon, RepeatIcon, ShoppingCartIcon, UsersIcon } from 'lucide-react'
import type { NavigationItem } from '@/lib/navigation'

/**
 * Menu entries that the admin and tenant-owner portals share, with one label and icon in both.
 * Entries without a path live at a different path in each portal, whose screen table adds it.
 */
export const managementScreens = {
  dashboard: { label: 'Dashboard', icon: LayoutDashboardIcon },
  clients: { label: 'Clientes', path: '/clients', icon: UsersIcon },
  robots: { label: 'Robôs', path: '/robots', icon: BotIcon },
  robotFactory: { label: 'Fábrica de Robôs', path: '/robot-factory', icon: FactoryIcon },
  licenses: { label: 'Licenças', icon: KeyRoundIcon },
  sales: { label: 'Vendas', path: '/sales', icon: ShoppingCartIcon },
  subscriptions: { label: 'Assinaturas', path: '/subscriptions', icon: RepeatIcon },
} satisfies Record<string, Omit<NavigationItem, 'path'> & { path?: string }>
