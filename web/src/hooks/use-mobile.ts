import * as React from 'react'

export const MOBILE_BREAKPOINT_PX = 768

/** True below the mobile breakpoint; follows window resizes. */
export function useIsMobile(): boolean {
  const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`
  const [isMobile, setIsMobile] = React.useState(() => typeof window !== 'undefined' && !!window.matchMedia?.(query).matches)
  React.useEffect(() => {
    const media = window.matchMedia?.(query)
    if (!media) return
    const onChange = () => setIsMobile(media.matches)
    onChange()
    media.addEventListener('change', onChange)
    return () => media.removeEventListener('change', onChange)
  }, [query])
  return isMobile
}
