import { screenRoutes } from '@/components/portal-shell/screens'
import { SignedInRoutes } from '@/components/portal-shell/sign-in-portal-routes'
import { ClientLayout } from './client-layout'
import { useClientLayoutChoice } from './client-layout-choice'
import { clientScreens } from './client-screens'
import { ClientSidebarLayout } from './client-sidebar-layout'

const routes = screenRoutes(clientScreens)

/**
 * Every client path but the sign-in pages: the signed-in screens in the layout the client chose (both looks are in
 * this chunk, so switching never waits for code), and the 404. The portal loads it lazily.
 */
export function ClientSignedIn() {
  const [layout, setLayout] = useClientLayoutChoice()
  return (
    <SignedInRoutes layout={layout === 'sidebar' ? <ClientSidebarLayout onLayoutChange={setLayout} /> : <ClientLayout onLayoutChange={setLayout} />}>
      {routes}
    </SignedInRoutes>
  )
}
