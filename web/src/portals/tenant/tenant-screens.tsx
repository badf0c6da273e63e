import { HistoryIcon, MailIcon, SettingsIcon } from 'lucide-react'
import { managementScreens as shared } from '@/components/portal-shell/management-screens'
import { lazyPage, type Screen } from '@/components/portal-shell/screens'

const pages = () => import('./tenant-pages')
const TenantDashboardPage = lazyPage(pages, 'TenantDashboardPage')
const TenantClientsPage = lazyPage(pages, 'TenantClientsPage')
const TenantClientDetailsPage = lazyPage(pages, 'TenantClientDetailsPage')
const TenantRobotsPage = lazyPage(pages, 'TenantRobotsPage')
const TenantRobotImportPage = lazyPage(pages, 'TenantRobotImportPage')
const TenantRobotVersionsPage = lazyPage(pages, 'TenantRobotVersionsPage')
const TenantSalesPageEditorPage = lazyPage(pages, 'TenantSalesPageEditorPage')
const TenantRobotFactoryPage = lazyPage(pages, 'TenantRobotFactoryPage')
const TenantRobotFactoryNewPage = lazyPage(pages, 'TenantRobotFactoryNewPage')
const TenantRobotProjectPage = lazyPage(pages, 'TenantRobotProjectPage')
const TenantRobotGenerationsPage = lazyPage(pages, 'TenantRobotGenerationsPage')
const TenantRobotGenerationPage = lazyPage(pages, 'TenantRobotGenerationPage')
const TenantLicensesPage = lazyPage(pages, 'TenantLicensesPage')
const TenantSalesPage = lazyPage(pages, 'TenantSalesPage')
const TenantSubscriptionsPage = lazyPage(pages, 'TenantSubscriptionsPage')
const TenantSettingsPage = lazyPage(pages, 'TenantSettingsPage')
const TenantEmailSettingsPage = lazyPage(pages, 'TenantEmailSettingsPage')

/** The signed-in tenant-owner screens, in menu order: the sidebar and the routes are both made from this table. */
export const tenantScreens: Screen[] = [
  { ...shared.dashboard, path: '/dashboard', element: <TenantDashboardPage /> },
  { ...shared.clients, element: <TenantClientsPage /> },
  { label: 'Detalhes do cliente', path: '/clients/:id', icon: shared.clients.icon, inMenu: false, element: <TenantClientDetailsPage /> },
  { ...shared.robots, element: <TenantRobotsPage /> },
  { label: 'Importar Robô', path: '/robots/import', icon: shared.robots.icon, inMenu: false, element: <TenantRobotImportPage /> },
  { label: 'Versões do robô', path: '/robots/:robotId/versions', icon: shared.robots.icon, inMenu: false, element: <TenantRobotVersionsPage /> },
  { label: 'Página de vendas', path: '/robots/:id/sales-page', icon: shared.robots.icon, inMenu: false, element: <TenantSalesPageEditorPage /> },
  { ...shared.robotFactory, element: <TenantRobotFactoryPage /> },
  // 'new' is the wizard, not a project id (react-router ranks the static segment above ':id' in any order).
  { label: 'Novo Projeto', path: '/robot-factory/new', icon: shared.robotFactory.icon, inMenu: false, element: <TenantRobotFactoryNewPage /> },
  { label: 'Projeto da Fábrica', path: '/robot-factory/:id', icon: shared.robotFactory.icon, inMenu: false, element: <TenantRobotProjectPage /> },
  { label: 'Gerações de Robôs', path: '/robot-generations', icon: HistoryIcon, element: <TenantRobotGenerationsPage /> },
  { label: 'Detalhes da geração', path: '/robot-generations/:id', icon: HistoryIcon, inMenu: false, element: <TenantRobotGenerationPage /> },
  { ...shared.licenses, path: '/licenses', element: <TenantLicensesPage /> },
  { ...shared.sales, element: <TenantSalesPage /> },
  { ...shared.subscriptions, element: <TenantSubscriptionsPage /> },
  { label: 'Configurações', path: '/settings', icon: SettingsIcon, element: <TenantSettingsPage /> },
  { label: 'E-mails', path: '/email-settings', icon: MailIcon, element: <TenantEmailSettingsPage /> },
]
