import { Suspense } from 'react'
import type * as React from 'react'
import { Navigate, Route, Routes } from 'react-router-dom'
import { NotFoundPage } from '@/components/not-found-page'
import { PublicCardPage } from '@/components/public-card-page'
import { FullScreenSpinner } from '@/components/ui/spinner'

export interface SignInPortalRoutesProps {
  loginPage: React.ReactNode
  /** /forgot-password; a placeholder card until the portal has its own. */
  forgotPasswordPage?: React.ReactNode
  /** /reset-password (the link the e-mail carries); a placeholder card until the portal has its own. */
  resetPasswordPage?: React.ReactNode
  /** /convite (the link of an invitation, where the invited person creates a password and is signed in); none by default. */
  invitationPage?: React.ReactNode
  /** Every other path: the signed-in screens and the 404, a `<SignedInRoutes>` (usually in a lazy chunk). */
  signedIn: React.ReactNode
  /** More pages anyone may open without signing in (the client portal's storefront), as `<Route>`s. */
  publicRoutes?: React.ReactNode
}

/** A whole screen that may still be loading its code (a `lazyPage`): a centred spinner meanwhile. */
export function Loading({ children }: { children: React.ReactNode }) {
  return <Suspense fallback={<FullScreenSpinner />}>{children}</Suspense>
}

/**
 * Routes of a portal that opens at /login (tenant owner, client): the login and password screens (public), and
 * `signedIn` for every other path. Each of them may be lazy: a spinner fills the screen while its code loads, and
 * the login page never downloads the signed-in screens' table nor their layout.
 */
export function SignInPortalRoutes({
  loginPage,
  forgotPasswordPage = <PublicCardPage title="Recuperar senha" />,
  resetPasswordPage = <PublicCardPage title="Redefinir senha" />,
  invitationPage,
  signedIn,
  publicRoutes,
}: SignInPortalRoutesProps) {
  return (
    <Routes>
      <Route index element={<Navigate to="/login" replace />} />
      <Route path="login" element={<Loading>{loginPage}</Loading>} />
      <Route path="forgot-password" element={<Loading>{forgotPasswordPage}</Loading>} />
      <Route path="reset-password" element={<Loading>{resetPasswordPage}</Loading>} />
      {invitationPage && <Route path="convite" element={<Loading>{invitationPage}</Loading>} />}
      {publicRoutes}
      <Route path="*" element={<Loading>{signedIn}</Loading>} />
    </Routes>
  )
}

export interface SignedInRoutesProps {
  layout: React.ReactNode
  children: React.ReactNode
  /** Where the not-found page leads back to. */
  homePath?: string
  /** The not-found page for any other path; by default the pt-BR one leading to `homePath`. */
  notFoundPage?: React.ReactNode
}

/**
 * The signed-in screens of a portal (`children`, as `<Route>`s, e.g. `screenRoutes`) inside `layout`, and a not-found
 * page leading to `homePath` for any other path: what a portal's `signedIn` renders, below the portal's own routes.
 */
export function SignedInRoutes({ layout, children, homePath = '/dashboard', notFoundPage }: SignedInRoutesProps) {
  return (
    <Routes>
      <Route element={layout}>{children}</Route>
      <Route path="*" element={notFoundPage ?? <NotFoundPage homePath={homePath} />} />
    </Routes>
  )
}
