/** Every signed-in tenant-owner page; the portal loads this module lazily, as one chunk. */
export { TenantDashboardPage } from './pages/dashboard-page'
export { TenantSalesPage } from './pages/sales-page'
export { TenantSubscriptionsPage } from './pages/subscriptions-page'
export { TenantClientsPage } from './pages/clients-page'
export { TenantClientDetailsPage } from './pages/client-details-page'
export { TenantLicensesPage } from './pages/licenses-page'

import { TitleOnlyPage } from '@/components/page-heading'

export const TenantRobotsPage = () => <TitleOnlyPage title="Robôs" />
export const TenantRobotFactoryPage = () => <TitleOnlyPage title="Fábrica de Robôs" />
export const TenantSettingsPage = () => <TitleOnlyPage title="Configurações" />
export const TenantEmailSettingsPage = () => <TitleOnlyPage title="E-mails" />
