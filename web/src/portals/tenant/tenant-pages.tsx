import { TitleOnlyPage } from '@/components/page-heading'

export const TenantDashboardPage = () => <TitleOnlyPage title="Dashboard" description="Acompanhe seus clientes, licenças e vendas" />
export const TenantClientsPage = () => <TitleOnlyPage title="Clientes" />
export const TenantRobotsPage = () => <TitleOnlyPage title="Robôs" />
export const TenantRobotFactoryPage = () => <TitleOnlyPage title="Fábrica de Robôs" />
export const TenantLicensesPage = () => <TitleOnlyPage title="Licenças" />
export const TenantSalesPage = () => <TitleOnlyPage title="Vendas" />
export const TenantSubscriptionsPage = () => <TitleOnlyPage title="Assinaturas" />
export const TenantSettingsPage = () => <TitleOnlyPage title="Configurações" />
export const TenantEmailSettingsPage = () => <TitleOnlyPage title="E-mails" />
