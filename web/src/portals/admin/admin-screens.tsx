import { Building2Icon, FileCode2Icon, GaugeIcon, HistoryIcon, MailIcon, ScrollTextIcon, ServerIcon, UserCogIcon, UsersIcon } from 'lucide-react'
import { managementScreens as shared } from '@/components/portal-shell/management-screens'
import { lazyPage, type Screen } from '@/components/portal-shell/screens'

// Each page is a chunk of its own, fetched when the page is first shown.
const AdminDashboardPage = lazyPage(() => import('./pages/dashboard-page'), 'AdminDashboardPage')
const TenantsPage = lazyPage(() => import('./pages/tenants-page'), 'TenantsPage')
const TenantOwnersPage = lazyPage(() => import('./pages/tenant-owners-page'), 'TenantOwnersPage')
const AdminRobotsPage = lazyPage(() => import('./pages/robots-page'), 'AdminRobotsPage')
const AdminRobotFactoryPage = lazyPage(() => import('./pages/robot-factory-page'), 'AdminRobotFactoryPage')
const RobotAuthTemplatePage = lazyPage(() => import('./pages/robot-auth-template-page'), 'RobotAuthTemplatePage')
const CompilationHistoryPage = lazyPage(() => import('./pages/compilation-history-page'), 'CompilationHistoryPage')
const CompileAgentsPage = lazyPage(() => import('./pages/compile-agents-page'), 'CompileAgentsPage')
const AiUsagePage = lazyPage(() => import('./pages/ai-usage-page'), 'AiUsagePage')
const AdminClientsPage = lazyPage(() => import('./pages/clients-page'), 'AdminClientsPage')
const ClientRobotsPage = lazyPage(() => import('./pages/licenses-page'), 'ClientRobotsPage')
const AdminSalesPage = lazyPage(() => import('./pages/sales-page'), 'AdminSalesPage')
const AdminSubscriptionsPage = lazyPage(() => import('./pages/subscriptions-page'), 'AdminSubscriptionsPage')
const AdminMailPage = lazyPage(() => import('./pages/mail-page'), 'AdminMailPage')
const AuditLogPage = lazyPage(() => import('./pages/audit-log-page'), 'AuditLogPage')
const AdminUsersPage = lazyPage(() => import('./pages/admin-users-page'), 'AdminUsersPage')

/** The signed-in admin screens, in menu order: the sidebar and the routes are both made from this table. */
export const adminScreens: Screen[] = [
  { ...shared.dashboard, path: '/', element: <AdminDashboardPage /> },
  { label: 'Tenants', path: '/tenants', icon: Building2Icon, element: <TenantsPage /> },
  { label: 'Tenant Owners', path: '/tenant-owners', icon: UserCogIcon, element: <TenantOwnersPage /> },
  { ...shared.robots, element: <AdminRobotsPage /> },
  { ...shared.robotFactory, element: <AdminRobotFactoryPage /> },
  { label: 'Template Autenticação', path: '/robot-auth-template', icon: FileCode2Icon, element: <RobotAuthTemplatePage /> },
  { label: 'Histórico de Compilações', path: '/compilation-history', icon: HistoryIcon, element: <CompilationHistoryPage /> },
  { label: 'Agentes de compilação', path: '/compile-agents', icon: ServerIcon, element: <CompileAgentsPage /> },
  { label: 'Uso de IA', path: '/ai-usage', icon: GaugeIcon, element: <AiUsagePage /> },
  { ...shared.clients, element: <AdminClientsPage /> },
  { ...shared.licenses, path: '/client-robots', element: <ClientRobotsPage /> },
  { ...shared.sales, element: <AdminSalesPage /> },
  { ...shared.subscriptions, element: <AdminSubscriptionsPage /> },
  { label: 'E-mails', path: '/mail', icon: MailIcon, element: <AdminMailPage /> },
  { label: 'Auditoria', path: '/audit-log', icon: ScrollTextIcon, element: <AuditLogPage /> },
  { label: 'Usuários', path: '/users', icon: UsersIcon, element: <AdminUsersPage /> },
]
