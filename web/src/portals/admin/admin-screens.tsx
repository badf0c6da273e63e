import { Building2Icon, FileCode2Icon, GaugeIcon, HistoryIcon, ScrollTextIcon, ServerIcon, UserCogIcon, UsersIcon } from 'lucide-react'
import { managementScreens as shared } from '@/components/portal-shell/management-screens'
import { lazyPage, type Screen } from '@/components/portal-shell/screens'

const pages = () => import('./admin-pages')
const AdminDashboardPage = lazyPage(pages, 'AdminDashboardPage')
const TenantsPage = lazyPage(pages, 'TenantsPage')
const TenantOwnersPage = lazyPage(pages, 'TenantOwnersPage')
const AdminRobotsPage = lazyPage(pages, 'AdminRobotsPage')
const AdminRobotFactoryPage = lazyPage(pages, 'AdminRobotFactoryPage')
const RobotAuthTemplatePage = lazyPage(pages, 'RobotAuthTemplatePage')
const CompilationHistoryPage = lazyPage(pages, 'CompilationHistoryPage')
const CompileAgentsPage = lazyPage(pages, 'CompileAgentsPage')
const AiUsagePage = lazyPage(pages, 'AiUsagePage')
const AdminClientsPage = lazyPage(pages, 'AdminClientsPage')
const ClientRobotsPage = lazyPage(pages, 'ClientRobotsPage')
const AdminSalesPage = lazyPage(pages, 'AdminSalesPage')
const AdminSubscriptionsPage = lazyPage(pages, 'AdminSubscriptionsPage')
const AuditLogPage = lazyPage(pages, 'AuditLogPage')
const AdminUsersPage = lazyPage(pages, 'AdminUsersPage')

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
  { label: 'Auditoria', path: '/audit-log', icon: ScrollTextIcon, element: <AuditLogPage /> },
  { label: 'Usuários', path: '/users', icon: UsersIcon, element: <AdminUsersPage /> },
]
