import { NotFoundPage } from '@/components/not-found-page'
import { screenRoutes } from '@/components/portal-shell/screens'
import { SignedInRoutes } from '@/components/portal-shell/sign-in-portal-routes'
import { AdminLayout } from './admin-layout'
import { adminScreens } from './admin-screens'

const routes = screenRoutes(adminScreens)

// The admin's not-found screen keeps the spec's fixed words (title 404 and its sentence); the other portals' is pt-BR.
const adminNotFound = <NotFoundPage homePath="/" title="404" message="Did you forget to add the page to the router?" />

/** Every admin path but /auth: the signed-in screens in the admin layout, and the 404. The portal loads it lazily. */
export function AdminSignedIn() {
  return (
    <SignedInRoutes layout={<AdminLayout />} homePath="/" notFoundPage={adminNotFound}>
      {routes}
    </SignedInRoutes>
  )
}
