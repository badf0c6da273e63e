import { describe, expect, it } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import { CLIENT_LAYOUT_KEY, readClientLayout, useClientLayoutChoice } from './client-layout-choice'

describe('client layout choice', () => {
  it('is the header layout until the client chooses', () => {
    expect(readClientLayout()).toBe('header')
  })

  it('ignores values it does not know', () => {
    localStorage.setItem(CLIENT_LAYOUT_KEY, 'lateral')
    expect(readClientLayout()).toBe('header')
  })

  it('remembers the choice in localStorage for the next visit', () => {
    const { result } = renderHook(() => useClientLayoutChoice())
    act(() => result.current[1]('sidebar'))
    expect(result.current[0]).toBe('sidebar')
    expect(localStorage.getItem(CLIENT_LAYOUT_KEY)).toBe('sidebar')
    expect(renderHook(() => useClientLayoutChoice()).result.current[0]).toBe('sidebar')
  })
})
