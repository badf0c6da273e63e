import type * as React from 'react'
import { Navigate } from 'react-router-dom'
import { FullScreenSpinner } from '@/components/ui/spinner'
import { SessionError } from '@/components/session-error'
import { usePageTitle } from '@/lib/page-title'

/** The parts of a session query (a user, or null when nobody is signed in) that the gates read. */
export interface SessionQuery<Session> {
  isPending: boolean
  isError: boolean
  data: Session | null | undefined
  refetch: () => unknown
}

/** Shows `children` with the session once it is known; without one, goes to `loginPath`. */
export function SignedInOnly<Session>({
  session,
  loginPath,
  children,
}: {
  session: SessionQuery<Session>
  loginPath: string
  children: (session: Session) => React.ReactNode
}) {
  if (session.isPending) return <FullScreenSpinner />
  if (session.isError) return <SessionError onRetry={() => void session.refetch()} />
  if (!session.data) return <Navigate to={loginPath} replace />
  return children(session.data)
}

/** A login screen, titled "Login"; someone already signed in goes straight to `homePath`. */
export function LoginScreen({ session, homePath, children }: { session: SessionQuery<unknown>; homePath: string; children: React.ReactNode }) {
  usePageTitle('Login')
  if (session.isPending) return <FullScreenSpinner />
  if (session.data) return <Navigate to={homePath} replace />
  return children
}
