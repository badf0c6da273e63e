import * as React from 'react'

/**
 * While `active`, the browser asks before the tab is closed or reloaded (unsaved changes would be lost).
 * Browsers show their own text; setting `returnValue` is what older ones need to ask at all.
 */
export function useWarnBeforeUnload(active: boolean) {
  React.useEffect(() => {
    if (!active) return
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [active])
}
