import { beforeEach, describe, expect, it } from 'vitest'
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithProviders } from '@/test/render'
import { dashboardKeys } from '@/lib/query-keys/admin-dashboard'
import { useDashboardLiveRefresh } from '@/features/admin-dashboard/api/live-refresh'
import { NotificationBell } from '@/features/notifications'
import { fakeStreamServer, HANDSHAKE, notificationEvent, stubResizeObserver } from '@/features/notifications/test-support'

// The admin header joins two features, the bell and the dashboard's live refresh; so does this test.

beforeEach(() => stubResizeObserver())

/** The bell as the admin header mounts it. */
function AdminBell() {
  return <NotificationBell onNotification={useDashboardLiveRefresh()} />
}

describe('notification bell and the dashboard', () => {
  it('marks the dashboard stale on a sale, not on the handshake', async () => {
    const server = fakeStreamServer()
    const { queryClient } = renderWithProviders(<AdminBell />)
    queryClient.setQueryData(dashboardKeys.stats(), {})
    const stale = () => queryClient.getQueryState(dashboardKeys.stats())!.isInvalidated
    await waitFor(() => expect(server.fetch).toHaveBeenCalledTimes(1))
    act(() => server.latest().send(HANDSHAKE))
    await userEvent.click(screen.getByRole('button', { name: /^Notificações/ }))
    await screen.findByRole('menu')
    expect(stale()).toBe(false)
    act(() => server.latest().send(notificationEvent({ type: 'NEW_SALE' })))
    await waitFor(() => expect(stale()).toBe(true))
  })
})
