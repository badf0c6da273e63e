/** Every admin page; the portal loads this module lazily, as one chunk. */
export { AdminDashboardPage } from './pages/dashboard-page'
export { TenantsPage } from './pages/tenants-page'
export { TenantOwnersPage } from './pages/tenant-owners-page'
export { AdminRobotsPage } from './pages/robots-page'
export { AdminClientsPage } from './pages/clients-page'
export { ClientRobotsPage } from './pages/licenses-page'
export { AdminSalesPage } from './pages/sales-page'
export { AdminSubscriptionsPage } from './pages/subscriptions-page'
export { AuditLogPage } from './pages/audit-log-page'

import { TitleOnlyPage } from '@/components/page-heading'

export const AdminRobotFactoryPage = () => <TitleOnlyPage title="Fábrica de Robôs" />
export const RobotAuthTemplatePage = () => <TitleOnlyPage title="Template Autenticação" />
export const CompilationHistoryPage = () => <TitleOnlyPage title="Histórico de Compilações" />
