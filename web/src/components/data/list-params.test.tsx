import { act, renderHook } from '@testing-library/react'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { useListParams } from './list'

function renderListParams(url = '/') {
  return renderHook(
    () => {
      const list = useListParams(['actor', 'entity'] as const)
      const location = useLocation()
      return { list, search: location.search }
    },
    { wrapper: ({ children }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter> },
  )
}

describe('useListParams', () => {
  it('keeps both filters when two change in the same tick (a search timer firing as a select changes)', () => {
    const { result } = renderListParams()
    act(() => {
      result.current.list.setFilter('actor', 'ana')
      result.current.list.setFilter('entity', 'robot')
    })
    expect(result.current.list.filters).toEqual({ actor: 'ana', entity: 'robot' })
  })

  it('goes back to the first page when a filter changes', () => {
    const { result } = renderListParams('/?page=3&entity=sale')
    expect(result.current.list.page).toBe(3)
    act(() => result.current.list.setFilter('entity', 'robot'))
    expect(result.current.list.page).toBe(1)
    expect(result.current.search).toBe('?entity=robot')
  })

  it('clears its own filters and page but leaves other parameters alone', () => {
    const { result } = renderListParams('/?tab=logs&actor=ana&page=2')
    act(() => result.current.list.clear())
    expect(result.current.search).toBe('?tab=logs')
    expect(result.current.list.hasFilters).toBe(false)
  })
})
