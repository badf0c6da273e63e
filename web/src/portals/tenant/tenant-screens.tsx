import { HistoryIcon, MailIcon, SettingsIcon, UsersRoundIcon } from 'lucide-react'
import { managementScreens as shared } from '@/components/portal-shell/management-screens'
import { lazyPage, menuOf, type Screen } from '@/components/portal-shell/screens'
import type { NavigationItem } from '@/lib/navigation'
import { RequireCapability } from '@/features/tenant-access/components/no-access'
import { roleCan, type Capability, type OwnerRole } from '@/features/tenant-access/permissions'
import { tenantHomePath } from './tenant-home'

// Each page is a chunk of its own, fetched when the page is first shown.
const TenantDashboardPage = lazyPage(() => import('./pages/dashboard-page'), 'TenantDashboardPage')
const TenantClientsPage = lazyPage(() => import('./pages/clients-page'), 'TenantClientsPage')
const TenantClientDetailsPage = lazyPage(() => import('./pages/client-details-page'), 'TenantClientDetailsPage')
const TenantRobotsPage = lazyPage(() => import('./pages/robots-page'), 'TenantRobotsPage')
const TenantRobotImportPage = lazyPage(() => import('./pages/robot-import-page'), 'TenantRobotImportPage')
const TenantRobotVersionsPage = lazyPage(() => import('./pages/robot-versions-page'), 'TenantRobotVersionsPage')
const TenantRobotHotmartPage = lazyPage(() => import('./pages/robot-hotmart-page'), 'TenantRobotHotmartPage')
const TenantRobotSalesChannelPage = lazyPage(() => import('./pages/robot-sales-channel-page'), 'TenantRobotSalesChannelPage')
const TenantSalesPageEditorPage = lazyPage(() => import('./pages/sales-page-editor-page'), 'TenantSalesPageEditorPage')
const TenantRobotFactoryPage = lazyPage(() => import('./pages/robot-factory-page'), 'TenantRobotFactoryPage')
const TenantRobotFactoryNewPage = lazyPage(() => import('./pages/robot-factory-new-page'), 'TenantRobotFactoryNewPage')
const TenantRobotProjectPage = lazyPage(() => import('./pages/robot-project-page'), 'TenantRobotProjectPage')
const TenantRobotGenerationsPage = lazyPage(() => import('./pages/robot-generations-page'), 'TenantRobotGenerationsPage')
const TenantRobotGenerationPage = lazyPage(() => import('./pages/robot-generation-page'), 'TenantRobotGenerationPage')
const TenantLicensesPage = lazyPage(() => import('./pages/licenses-page'), 'TenantLicensesPage')
const TenantSalesPage = lazyPage(() => import('./pages/sales-page'), 'TenantSalesPage')
const TenantSubscriptionsPage = lazyPage(() => import('./pages/subscriptions-page'), 'TenantSubscriptionsPage')
const TenantSettingsPage = lazyPage(() => import('./pages/settings-page'), 'TenantSettingsPage')
const TenantEmailSettingsPage = lazyPage(() => import('./pages/email-settings-page'), 'TenantEmailSettingsPage')
const TenantTeamPage = lazyPage(() => import('./pages/team-page'), 'TenantTeamPage')

/** A tenant-owner screen and the capability (docs/owner-roles.md) an owner's role needs to open it. */
export interface TenantScreen extends Screen {
  capability: Capability
}

/**
 * The signed-in tenant-owner screens, in menu order: the sidebar and the routes are both made from this table.
 * tenant-home.ts repeats the menu's paths and capabilities (where an owner lands; tenant-home.test.ts keeps them equal).
 */
export const tenantScreens: TenantScreen[] = [
  { ...shared.dashboard, path: '/dashboard', capability: 'ViewDashboard', element: <TenantDashboardPage /> },
  { ...shared.clients, capability: 'ViewClients', element: <TenantClientsPage /> },
  { label: 'Detalhes do cliente', path: '/clients/:id', icon: shared.clients.icon, inMenu: false, capability: 'ViewClients', element: <TenantClientDetailsPage /> },
  { ...shared.robots, capability: 'ViewRobots', element: <TenantRobotsPage /> },
  { label: 'Importar Robô', path: '/robots/import', icon: shared.robots.icon, inMenu: false, capability: 'ManageRobots', element: <TenantRobotImportPage /> },
  { label: 'Versões do robô', path: '/robots/:robotId/versions', icon: shared.robots.icon, inMenu: false, capability: 'ViewRobots', element: <TenantRobotVersionsPage /> },
  { label: 'Hotmart do robô', path: '/robots/:id/hotmart', icon: shared.robots.icon, inMenu: false, capability: 'ViewRobots', element: <TenantRobotHotmartPage /> },
  // The platforms that sign with a secret per robot: one page, told which platform.
  { label: 'Kiwify do robô', path: '/robots/:id/kiwify', icon: shared.robots.icon, inMenu: false, capability: 'ViewRobots', element: <TenantRobotSalesChannelPage platformKey="kiwify" /> },
  { label: 'Eduzz do robô', path: '/robots/:id/eduzz', icon: shared.robots.icon, inMenu: false, capability: 'ViewRobots', element: <TenantRobotSalesChannelPage platformKey="eduzz" /> },
  { label: 'Asaas do robô', path: '/robots/:id/asaas', icon: shared.robots.icon, inMenu: false, capability: 'ViewRobots', element: <TenantRobotSalesChannelPage platformKey="asaas" /> },
  { label: 'Página de vendas', path: '/robots/:id/sales-page', icon: shared.robots.icon, inMenu: false, capability: 'ManageRobots', element: <TenantSalesPageEditorPage /> },
  { ...shared.robotFactory, capability: 'ViewRobots', element: <TenantRobotFactoryPage /> },
  // 'new' is the wizard, not a project id (react-router ranks the static segment above ':id' in any order).
  { label: 'Novo Projeto', path: '/robot-factory/new', icon: shared.robotFactory.icon, inMenu: false, capability: 'ManageRobots', element: <TenantRobotFactoryNewPage /> },
  { label: 'Projeto da Fábrica', path: '/robot-factory/:id', icon: shared.robotFactory.icon, inMenu: false, capability: 'ViewRobots', element: <TenantRobotProjectPage /> },
  { label: 'Gerações de Robôs', path: '/robot-generations', icon: HistoryIcon, capability: 'ViewRobots', element: <TenantRobotGenerationsPage /> },
  { label: 'Detalhes da geração', path: '/robot-generations/:id', icon: HistoryIcon, inMenu: false, capability: 'ViewRobots', element: <TenantRobotGenerationPage /> },
  { ...shared.licenses, path: '/licenses', capability: 'ViewLicenses', element: <TenantLicensesPage /> },
  { ...shared.sales, capability: 'ViewSales', element: <TenantSalesPage /> },
  { ...shared.subscriptions, capability: 'ViewSales', element: <TenantSubscriptionsPage /> },
  { label: 'Configurações', path: '/settings', icon: SettingsIcon, capability: 'ViewSettings', element: <TenantSettingsPage /> },
  // E-mail credentials are ManageSettings even to read; the page opens on them.
  { label: 'E-mails', path: '/email-settings', icon: MailIcon, capability: 'ManageSettings', element: <TenantEmailSettingsPage /> },
  { label: 'Equipe', path: '/team', icon: UsersRoundIcon, capability: 'ManageTeam', element: <TenantTeamPage /> },
]

/** The menu an owner of `role` sees: only the screens the role may open. */
export function tenantMenuFor(role: OwnerRole | undefined): NavigationItem[] {
  return menuOf(tenantScreens.filter((screen) => roleCan(role, screen.capability)))
}

/** The screens as routes: each shows the no-access page to a role that may not open it. */
export function guardedTenantScreens(role: OwnerRole | undefined): Screen[] {
  const homePath = tenantHomePath(role)
  return tenantScreens.map((screen) => ({
    ...screen,
    element: (
      <RequireCapability capability={screen.capability} homePath={homePath}>
        {screen.element}
      </RequireCapability>
    ),
  }))
}
