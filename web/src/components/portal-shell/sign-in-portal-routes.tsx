import type * as React from 'react'
import { Navigate, Route, Routes } from 'react-router-dom'
import { NotFoundPage } from '@/components/not-found-page'
import { PublicCardPage } from '@/components/public-card-page'

/**
 * Routes of a portal that opens at /login (tenant owner, client): the login and password screens,
 * the signed-in screens (`children`, `<Route>`s) inside `layout`, and a 404 leading to /dashboard.
 */
export function SignInPortalRoutes({ loginPage, layout, children }: { loginPage: React.ReactNode; layout: React.ReactNode; children: React.ReactNode }) {
  return (
    <Routes>
      <Route index element={<Navigate to="/login" replace />} />
      <Route path="login" element={loginPage} />
      <Route path="forgot-password" element={<PublicCardPage title="Recuperar senha" />} />
      <Route path="reset-password" element={<PublicCardPage title="Redefinir senha" />} />
      <Route element={layout}>{children}</Route>
      <Route path="*" element={<NotFoundPage homePath="/dashboard" />} />
    </Routes>
  )
}
