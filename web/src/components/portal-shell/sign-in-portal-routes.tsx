import type * as React from 'react'
import { Navigate, Route, Routes } from 'react-router-dom'
import { NotFoundPage } from '@/components/not-found-page'
import { PublicCardPage } from '@/components/public-card-page'

export interface SignInPortalRoutesProps {
  loginPage: React.ReactNode
  /** /forgot-password; a placeholder card until the portal has its own. */
  forgotPasswordPage?: React.ReactNode
  /** /reset-password (the link the e-mail carries); a placeholder card until the portal has its own. */
  resetPasswordPage?: React.ReactNode
  /** The signed-in screens' layout route. */
  layout: React.ReactNode
  /** The signed-in screens, as `<Route>`s. */
  children: React.ReactNode
  /** Where the 404 page leads back to (default /dashboard). */
  homePath?: string
}

/**
 * Routes of a portal that opens at /login (tenant owner, client): the login and password screens (public),
 * the signed-in screens (`children`) inside `layout`, and a 404 leading to `homePath`.
 */
export function SignInPortalRoutes({
  loginPage,
  forgotPasswordPage = <PublicCardPage title="Recuperar senha" />,
  resetPasswordPage = <PublicCardPage title="Redefinir senha" />,
  layout,
  children,
  homePath = '/dashboard',
}: SignInPortalRoutesProps) {
  return (
    <Routes>
      <Route index element={<Navigate to="/login" replace />} />
      <Route path="login" element={loginPage} />
      <Route path="forgot-password" element={forgotPasswordPage} />
      <Route path="reset-password" element={resetPasswordPage} />
      <Route element={layout}>{children}</Route>
      <Route path="*" element={<NotFoundPage homePath={homePath} />} />
    </Routes>
  )
}
