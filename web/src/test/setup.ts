import '@testing-library/jest-dom/vitest'
import { afterEach, vi } from 'vitest'
import { cleanup, configure } from '@testing-library/react'

// The suite runs beside the Rust build and PostgreSQL on two cores: give async queries room under load
// (a slow machine must not turn a correct screen into a failed test).
configure({ asyncUtilTimeout: 5000 })

afterEach(() => {
  cleanup()
  globalThis.localStorage?.clear()
})

afterEach(() => {
  vi.unstubAllGlobals()
})
