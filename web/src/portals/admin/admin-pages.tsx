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
export { RobotAuthTemplatePage } from './pages/robot-auth-template-page'
export { CompilationHistoryPage } from './pages/compilation-history-page'
export { CompileAgentsPage } from './pages/compile-agents-page'

import { TitleOnlyPage } from '@/components/page-heading'

export const AdminRobotFactoryPage = () => <TitleOnlyPage title="Fábrica de Robôs" />
