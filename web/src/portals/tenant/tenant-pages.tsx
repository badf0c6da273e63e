import { TitleOnlyPage } from '@/components/page-heading'
import { PublicCardPage } from '@/components/public-card-page'

export const TenantDashboardPage = () => <TitleOnlyPage title="Dashboard" description="Acompanhe seus clientes, licenças e vendas" />
export const TenantClientsPage = () => <TitleOnlyPage title="Clientes" />
export const TenantRobotsPage = () => <TitleOnlyPage title="Robôs" />
export const TenantRobotFactoryPage = () => <TitleOnlyPage title="Fábrica de Robôs" />
export const TenantLicensesPage = () => <TitleOnlyPage title="Licenças" />
export const TenantSalesPage = () => <TitleOnlyPage title="Vendas" />
export const TenantSubscriptionsPage = () => <TitleOnlyPage title="Assinaturas" />
export const TenantSettingsPage = () => <TitleOnlyPage title="Configurações" />
export const TenantEmailSettingsPage = () => <TitleOnlyPage title="E-mails" />

export const TenantForgotPasswordPage = () => <PublicCardPage title="Recuperar senha" />
export const TenantResetPasswordPage = () => <PublicCardPage title="Redefinir senha" />
