import { describe, expect, it } from 'vitest'
import { TOAST_DURATION_MS, TOAST_LIMIT, toastReducer, type ToasterToast } from './use-toast'

const make = (id: string): ToasterToast => ({ id, title: id, open: true })

describe('toast queue', () => {
  it('keeps one toast on screen: the newest replaces the previous', () => {
    let state = toastReducer({ toasts: [] }, { type: 'ADD', toast: make('1') })
    state = toastReducer(state, { type: 'ADD', toast: make('2') })
    expect(TOAST_LIMIT).toBe(1)
    expect(state.toasts.map((t) => t.id)).toEqual(['2'])
  })

  it('closes a dismissed toast before removing it', () => {
    let state = toastReducer({ toasts: [make('1')] }, { type: 'DISMISS', toastId: '1' })
    expect(state.toasts[0]!.open).toBe(false)
    state = toastReducer(state, { type: 'REMOVE', toastId: '1' })
    expect(state.toasts).toEqual([])
  })

  it('lasts five seconds', () => {
    expect(TOAST_DURATION_MS).toBe(5000)
  })
})
