import { BookOpenIcon, BotIcon, LayoutDashboardIcon, RepeatIcon } from 'lucide-react'
import type { NavigationItem } from '@/lib/navigation'

export const clientNavigation: NavigationItem[] = [
  { label: 'Dashboard', path: '/dashboard', icon: LayoutDashboardIcon },
  { label: 'Meus Robôs', path: '/robots', icon: BotIcon },
  { label: 'Assinaturas', path: '/subscriptions', icon: RepeatIcon },
  { label: 'Área de Ensino', path: '/lessons', icon: BookOpenIcon },
]

/** The screens the client dashboard offers as buttons. */
export const clientDashboardShortcuts = clientNavigation.filter((item) => item.path === '/robots' || item.path === '/lessons')
