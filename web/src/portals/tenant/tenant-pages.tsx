/** Every signed-in tenant-owner page; the portal loads this module lazily, as one chunk. */
export { TenantDashboardPage } from './pages/dashboard-page'
export { TenantSalesPage } from './pages/sales-page'
export { TenantSubscriptionsPage } from './pages/subscriptions-page'
export { TenantClientsPage } from './pages/clients-page'
export { TenantClientDetailsPage } from './pages/client-details-page'
export { TenantLicensesPage } from './pages/licenses-page'
export { TenantRobotsPage } from './pages/robots-page'
export { TenantRobotImportPage } from './pages/robot-import-page'
export { TenantRobotVersionsPage } from './pages/robot-versions-page'
export { TenantSalesPageEditorPage } from './pages/sales-page-editor-page'
export { TenantSettingsPage } from './pages/settings-page'
export { TenantEmailSettingsPage } from './pages/email-settings-page'

import { TitleOnlyPage } from '@/components/page-heading'

export const TenantRobotFactoryPage = () => <TitleOnlyPage title="Fábrica de Robôs" />
