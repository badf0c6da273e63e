/**
 * The factory's lists answer `{ items, total, page, pageSize }` without the `totalCapped` flag of the catalog's lists
 * (they are small and always counted): the shared pagination bar reads them as uncapped.
 */
export function uncappedPage<Item>(data: { items: Item[]; total: number } | undefined): { items: Item[]; total: number; totalCapped: boolean } | undefined {
  return data && { items: data.items, total: data.total, totalCapped: false }
}
