import { Route, Routes } from 'react-router-dom'
import { NotFoundPage } from '@/components/not-found-page'
import { PortalBrandProvider } from '@/components/portal-shell/portal-brand-provider'
import type { PortalBrand } from '@/lib/page-title'
import { AdminLayout } from './admin-layout'
import { AdminLoginPage } from './admin-login-page'
import * as pages from './admin-pages'

const platformBrand: PortalBrand = { displayName: null, faviconUrl: null }

export default function AdminPortal() {
  return (
    <PortalBrandProvider brand={platformBrand}>
      <Routes>
        <Route path="/auth" element={<AdminLoginPage />} />
        <Route element={<AdminLayout />}>
          <Route index element={<pages.AdminDashboardPage />} />
          <Route path="tenants" element={<pages.TenantsPage />} />
          <Route path="tenant-owners" element={<pages.TenantOwnersPage />} />
          <Route path="robots" element={<pages.AdminRobotsPage />} />
          <Route path="robot-factory" element={<pages.AdminRobotFactoryPage />} />
          <Route path="robot-auth-template" element={<pages.RobotAuthTemplatePage />} />
          <Route path="compilation-history" element={<pages.CompilationHistoryPage />} />
          <Route path="clients" element={<pages.AdminClientsPage />} />
          <Route path="client-robots" element={<pages.ClientRobotsPage />} />
          <Route path="sales" element={<pages.AdminSalesPage />} />
          <Route path="subscriptions" element={<pages.AdminSubscriptionsPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </PortalBrandProvider>
  )
}
