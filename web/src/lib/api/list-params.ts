/** What every admin list sends besides its own filters. */
export interface PageParams {
  page: number
  pageSize: number
}

/**
 * Drops filters that are not set ('' or undefined), so the request carries only the filters in use
 * and two requests with the same filters share a cache entry.
 */
export function presentFilters<T extends object>(filters: T): Partial<T> {
  const present: Partial<T> = {}
  for (const [key, value] of Object.entries(filters) as [keyof T, T[keyof T]][]) {
    if (value === undefined || value === null || value === '') continue
    present[key] = value
  }
  return present
}
