import * as React from 'react'
import type { ToastActionElement, ToastProps } from './toast'

/** One toast on screen at a time: a new one replaces the previous. */
export const TOAST_LIMIT = 1
/** How long a toast stays before closing by itself. */
export const TOAST_DURATION_MS = 5000
/** Time left for the close animation before a dismissed toast leaves the list. */
const TOAST_REMOVE_DELAY_MS = 1000

export type ToasterToast = ToastProps & {
  id: string
  title?: React.ReactNode
  description?: React.ReactNode
  action?: ToastActionElement
}

type Action =
  | { type: 'ADD'; toast: ToasterToast }
  | { type: 'UPDATE'; toast: Partial<ToasterToast> & { id: string } }
  | { type: 'DISMISS'; toastId?: string }
  | { type: 'REMOVE'; toastId?: string }

interface State {
  toasts: ToasterToast[]
}

let counter = 0
function nextId(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER
  return String(counter)
}

const removalTimers = new Map<string, ReturnType<typeof setTimeout>>()

function scheduleRemoval(toastId: string) {
  if (removalTimers.has(toastId)) return
  const timer = setTimeout(() => {
    removalTimers.delete(toastId)
    dispatch({ type: 'REMOVE', toastId })
  }, TOAST_REMOVE_DELAY_MS)
  removalTimers.set(toastId, timer)
}

export function toastReducer(state: State, action: Action): State {
  switch (action.type) {
    case 'ADD':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) }
    case 'UPDATE':
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) }
    case 'DISMISS':
      return {
        toasts: state.toasts.map((t) => (action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t)),
      }
    case 'REMOVE':
      return { toasts: action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId) }
  }
}

const listeners: Array<(state: State) => void> = []
let memoryState: State = { toasts: [] }

function dispatch(action: Action) {
  if (action.type === 'DISMISS') {
    const ids = action.toastId ? [action.toastId] : memoryState.toasts.map((t) => t.id)
    ids.forEach(scheduleRemoval)
  }
  memoryState = toastReducer(memoryState, action)
  listeners.forEach((listener) => listener(memoryState))
}

export type Toast = Omit<ToasterToast, 'id'>

export function toast(props: Toast) {
  const id = nextId()
  const dismiss = () => dispatch({ type: 'DISMISS', toastId: id })
  dispatch({
    type: 'ADD',
    toast: {
      ...props,
      id,
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss()
      },
    },
  })
  return { id, dismiss, update: (next: Partial<ToasterToast>) => dispatch({ type: 'UPDATE', toast: { ...next, id } }) }
}

export function useToast() {
  const [state, setState] = React.useState<State>(memoryState)
  React.useEffect(() => {
    listeners.push(setState)
    return () => {
      const index = listeners.indexOf(setState)
      if (index > -1) listeners.splice(index, 1)
    }
  }, [])
  return { ...state, toast, dismiss: (toastId?: string) => dispatch({ type: 'DISMISS', toastId }) }
}
