import { screenRoutes } from '@/components/portal-shell/screens'
import { SignedInRoutes } from '@/components/portal-shell/sign-in-portal-routes'
import { AdminLayout } from './admin-layout'
import { adminScreens } from './admin-screens'

const routes = screenRoutes(adminScreens)

/** Every admin path but /auth: the signed-in screens in the admin layout, and the 404. The portal loads it lazily. */
export function AdminSignedIn() {
  return (
    <SignedInRoutes layout={<AdminLayout />} homePath="/">
      {routes}
    </SignedInRoutes>
  )
}
