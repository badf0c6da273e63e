import { useCallback, useState } from 'react'

/** The two looks of the signed-in client portal (spec 2.2): a top menu, or a collapsible sidebar. */
export type ClientLayoutKind = 'header' | 'sidebar'

export const CLIENT_LAYOUT_KEY = 'client_layout'

/** The header layout is the one the spec describes first, so it is what a client sees until they choose. */
export const DEFAULT_CLIENT_LAYOUT: ClientLayoutKind = 'header'

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    // Storage can be disabled (private mode, strict settings); the choice then lasts until the page is left.
    return null
  }
}

/** The layout this browser last chose; anything unknown (never chosen, an old value) is the default. */
export function readClientLayout(): ClientLayoutKind {
  const stored = storage()?.getItem(CLIENT_LAYOUT_KEY)
  return stored === 'header' || stored === 'sidebar' ? stored : DEFAULT_CLIENT_LAYOUT
}

export function storeClientLayout(layout: ClientLayoutKind): void {
  try {
    storage()?.setItem(CLIENT_LAYOUT_KEY, layout)
  } catch {
    // A full or refused storage only means the choice is not remembered next visit.
  }
}

/** The chosen layout and a setter that also remembers it for the next visit. */
export function useClientLayoutChoice(): [ClientLayoutKind, (layout: ClientLayoutKind) => void] {
  const [layout, setLayout] = useState(readClientLayout)
  const choose = useCallback((next: ClientLayoutKind) => {
    storeClientLayout(next)
    setLayout(next)
  }, [])
  return [layout, choose]
}
