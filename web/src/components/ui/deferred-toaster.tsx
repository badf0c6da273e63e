import { lazy, Suspense, useState, type ComponentType } from 'react'
import { useToast } from './use-toast'

// The toaster (Radix Toast and what it brings) is a chunk of its own, fetched when the first toast is shown: most
// first screens never show one. A toaster that cannot be fetched shows nothing rather than taking the page down.
const Toaster = lazy(
  (): Promise<{ default: ComponentType }> =>
    import('./toaster').then(
      ({ Toaster }) => ({ default: Toaster }),
      () => ({ default: () => null }),
    ),
)

/** `<Toaster />` for the app: mounted once there is a toast to show, and kept from then on. */
export function DeferredToaster() {
  const { toasts } = useToast()
  const [needed, setNeeded] = useState(false)
  if (toasts.length > 0 && !needed) setNeeded(true)
  if (!needed) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}
