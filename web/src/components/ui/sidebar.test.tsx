import { describe, expect, it, beforeEach } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { readSidebarCookie, SIDEBAR_COOKIE_NAME, SidebarProvider, useSidebar } from './sidebar'

function State() {
  const { state } = useSidebar()
  return <p data-testid="state">{state}</p>
}

describe('sidebar', () => {
  beforeEach(() => {
    document.cookie = `${SIDEBAR_COOKIE_NAME}=; max-age=0; path=/`
  })

  it('toggles with ctrl/cmd+B and remembers the choice in a cookie', () => {
    render(
      <SidebarProvider>
        <State />
      </SidebarProvider>,
    )
    expect(screen.getByTestId('state')).toHaveTextContent('expanded')
    fireEvent.keyDown(window, { key: 'b', ctrlKey: true })
    expect(screen.getByTestId('state')).toHaveTextContent('collapsed')
    expect(readSidebarCookie()).toBe(false)
    fireEvent.keyDown(window, { key: 'B', metaKey: true })
    expect(screen.getByTestId('state')).toHaveTextContent('expanded')
    expect(readSidebarCookie()).toBe(true)
  })

  it('starts collapsed when the cookie says so', () => {
    document.cookie = `${SIDEBAR_COOKIE_NAME}=false; path=/`
    render(
      <SidebarProvider>
        <State />
      </SidebarProvider>,
    )
    expect(screen.getByTestId('state')).toHaveTextContent('collapsed')
  })
})
