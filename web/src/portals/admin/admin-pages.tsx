import { TitleOnlyPage } from '@/components/page-heading'

export const AdminDashboardPage = () => <TitleOnlyPage title="Dashboard" description="Visão geral da plataforma" />
export const TenantsPage = () => <TitleOnlyPage title="Tenants" />
export const TenantOwnersPage = () => <TitleOnlyPage title="Tenant Owners" />
export const AdminRobotsPage = () => <TitleOnlyPage title="Robôs" />
export const AdminRobotFactoryPage = () => <TitleOnlyPage title="Fábrica de Robôs" />
export const RobotAuthTemplatePage = () => <TitleOnlyPage title="Template Autenticação" />
export const CompilationHistoryPage = () => <TitleOnlyPage title="Histórico de Compilações" />
export const AdminClientsPage = () => <TitleOnlyPage title="Clientes" />
export const ClientRobotsPage = () => <TitleOnlyPage title="Licenças" />
export const AdminSalesPage = () => <TitleOnlyPage title="Vendas" />
export const AdminSubscriptionsPage = () => <TitleOnlyPage title="Assinaturas" />
