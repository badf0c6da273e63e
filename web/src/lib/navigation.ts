import type { LucideIcon } from 'lucide-react'

export interface NavigationItem {
  label: string
  path: string
  icon: LucideIcon
}

/** Whether a menu entry should be highlighted for the current path ('/' only matches itself). */
export function isActivePath(current: string, path: string): boolean {
  return path === '/' ? current === '/' : current === path || current.startsWith(`${path}/`)
}
