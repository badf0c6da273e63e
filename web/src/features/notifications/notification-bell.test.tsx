import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithProviders } from '@/test/render'
import { toast } from '@/components/ui/use-toast'
import { NotificationBell } from './notification-bell'
import { fakeStreamServer, HANDSHAKE, notificationEvent, stubResizeObserver } from './test-support'

beforeEach(() => {
  stubResizeObserver()
  // The toast queue lives across tests: start each one with none on screen.
  toast({ title: 'anterior' }).dismiss()
})
afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
})

const bell = () => screen.getByRole('button', { name: /^Notificações/ })
const openToasts = () => [...document.querySelectorAll<HTMLElement>('[data-slot="toast"][data-state="open"]')]

async function openMenu() {
  await userEvent.click(bell())
  return screen.findByRole('menu')
}

/** Renders the bell and waits for the stream to open. */
async function renderBell(props: React.ComponentProps<typeof NotificationBell> = {}) {
  const server = fakeStreamServer()
  const view = renderWithProviders(<NotificationBell {...props} />)
  await waitFor(() => expect(server.fetch).toHaveBeenCalledTimes(1))
  return { server, ...view }
}

function send(server: ReturnType<typeof fakeStreamServer>, text: string) {
  act(() => server.latest().send(text))
}

describe('notification bell', () => {
  it('asks the stream with the session cookie and reads Online once it opens', async () => {
    const { server } = await renderBell()
    expect(new URL(server.latest().url).pathname).toBe('/api/notifications/stream')
    expect(server.latest().credentials).toBe('include')
    expect(server.latest().headers.get('Accept')).toBe('text/event-stream')
    const menu = await openMenu()
    expect(within(menu).getByText('Notificações')).toBeInTheDocument()
    expect(within(menu).getByText('Online')).toBeInTheDocument()
    expect(within(menu).getByText('Nenhuma notificação')).toBeInTheDocument()
    expect(within(menu).queryByText('Limpar tudo')).not.toBeInTheDocument()
  })

  it('lists a sale with its badge, toasts its title and message, and hands it to onNotification', async () => {
    const onNotification = vi.fn()
    const { server } = await renderBell({ onNotification })
    send(server, HANDSHAKE + notificationEvent({ title: 'Nova venda de Alfa', message: 'R$ 497,00 de ana@ex.com' }))

    await waitFor(() => expect(openToasts()).toHaveLength(1))
    expect(within(openToasts()[0]!).getByText('Nova venda de Alfa')).toBeInTheDocument()
    expect(within(openToasts()[0]!).getByText('R$ 497,00 de ana@ex.com')).toBeInTheDocument()
    expect(onNotification).toHaveBeenCalledTimes(1)
    expect(onNotification).toHaveBeenCalledWith(expect.objectContaining({ type: 'NEW_SALE', title: 'Nova venda de Alfa', message: 'R$ 497,00 de ana@ex.com' }))
    expect(screen.getByTestId('notification-count')).toHaveTextContent(/^1$/)
    expect(bell()).toHaveAccessibleName('Notificações (1)')

    const menu = await openMenu()
    const items = within(menu).getAllByTestId('notification-item')
    expect(items).toHaveLength(1)
    expect(within(items[0]!).getByText('Venda')).toBeInTheDocument()
    expect(within(items[0]!).getByText('Nova venda de Alfa')).toBeInTheDocument()
    expect(within(items[0]!).getByText('há menos de um minuto')).toBeInTheDocument()
  })

  it('neither lists, toasts nor hands on the connected handshake', async () => {
    const onNotification = vi.fn()
    const { server } = await renderBell({ onNotification })
    send(server, HANDSHAKE + 'data: {"type":"connected"}\n\n')
    const menu = await openMenu()
    expect(within(menu).getByText('Nenhuma notificação')).toBeInTheDocument()
    expect(screen.queryByTestId('notification-count')).not.toBeInTheDocument()
    expect(openToasts()).toHaveLength(0)
    expect(onNotification).not.toHaveBeenCalled()
  })

  it('names each type: Reembolso, Cancelamento, and an unknown type as sent', async () => {
    const { server } = await renderBell()
    send(server, notificationEvent({ type: 'REFUND' }) + notificationEvent({ type: 'SUBSCRIPTION_CANCELLED' }) + notificationEvent({ type: 'CHARGEBACK' }))
    const menu = await openMenu()
    const badges = within(menu)
      .getAllByTestId('notification-item')
      .map((item) => item.querySelector('[data-slot="badge"]')?.textContent)
    expect(badges).toEqual(['CHARGEBACK', 'Cancelamento', 'Reembolso'])
  })

  it("shows the count up to 9, then '9+'", async () => {
    const { server } = await renderBell()
    send(server, Array.from({ length: 9 }, () => notificationEvent()).join(''))
    await waitFor(() => expect(screen.getByTestId('notification-count')).toHaveTextContent(/^9$/))
    send(server, notificationEvent())
    await waitFor(() => expect(screen.getByTestId('notification-count')).toHaveTextContent(/^9\+$/))
    expect(bell()).toHaveAccessibleName('Notificações (10)')
    send(server, notificationEvent() + notificationEvent())
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notificações (12)'))
    expect(screen.getByTestId('notification-count')).toHaveTextContent(/^9\+$/)
  })

  it('keeps the 50 newest, newest first', async () => {
    const { server } = await renderBell()
    send(server, Array.from({ length: 55 }, (_, i) => notificationEvent({ title: `Venda ${i + 1}` })).join(''))
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notificações (50)'))
    const menu = await openMenu()
    const titles = within(menu)
      .getAllByTestId('notification-item')
      .map((item) => item.querySelector('p')?.textContent)
    expect(titles).toHaveLength(50)
    expect(titles[0]).toBe('Venda 55')
    expect(titles.at(-1)).toBe('Venda 6')
    expect(within(menu).getByTestId('notification-list')).toHaveClass('max-h-[300px]', 'overflow-y-auto')
  })

  it("empties the list with 'Limpar tudo' only", async () => {
    const { server } = await renderBell()
    send(server, notificationEvent({ title: 'Primeira' }) + notificationEvent({ title: 'Segunda' }))
    let menu = await openMenu()
    expect(within(menu).getAllByTestId('notification-item')).toHaveLength(2)
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument())

    menu = await openMenu()
    expect(within(menu).getAllByTestId('notification-item')).toHaveLength(2)
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Limpar tudo' }))
    expect(screen.queryByTestId('notification-count')).not.toBeInTheDocument()
    expect(bell()).toHaveAccessibleName('Notificações')
    menu = await openMenu()
    expect(within(menu).getByText('Nenhuma notificação')).toBeInTheDocument()
  })

  it("shows 'agora' for a missing or invalid timestamp", async () => {
    const { server } = await renderBell()
    send(server, notificationEvent({ timestamp: 'ontem à tarde' }) + notificationEvent({ timestamp: null }))
    const menu = await openMenu()
    const times = within(menu)
      .getAllByTestId('notification-item')
      .map((item) => item.querySelector('time')?.textContent)
    expect(times).toEqual(['agora', 'agora'])
  })

  it('logs unreadable data and lists nothing, then goes on with the next notification', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const onNotification = vi.fn()
    const { server } = await renderBell({ onNotification })
    send(server, 'event: notification\ndata: {"type": "NEW_SALE", oops\n\n')
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(1))
    expect(screen.queryByTestId('notification-count')).not.toBeInTheDocument()
    expect(openToasts()).toHaveLength(0)
    expect(onNotification).not.toHaveBeenCalled()

    send(server, notificationEvent({ title: 'Depois do erro' }))
    await waitFor(() => expect(screen.getByTestId('notification-count')).toHaveTextContent(/^1$/))
    const menu = await openMenu()
    expect(within(menu).getByText('Online')).toBeInTheDocument()
    expect(server.fetch).toHaveBeenCalledTimes(1)
  })

  it('reads the keyboard: Enter opens the menu, Escape closes it', async () => {
    await renderBell()
    bell().focus()
    await userEvent.keyboard('{Enter}')
    expect(await screen.findByRole('menu')).toBeInTheDocument()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument())
    expect(bell()).toHaveFocus()
  })

  it('sends the extra headers and stops the request on unmount', async () => {
    const { server, unmount } = await renderBell({ headers: () => ({ 'X-Tenant-Secret': 'segredo-do-tenant' }) })
    expect(server.latest().headers.get('X-Tenant-Secret')).toBe('segredo-do-tenant')
    expect(server.latest().signal?.aborted).toBe(false)
    unmount()
    expect(server.latest().signal?.aborted).toBe(true)
  })

  it('reads Offline after a stream error, with no message shown', async () => {
    const { server } = await renderBell()
    act(() => server.latest().fail())
    const menu = await openMenu()
    expect(await within(menu).findByText('Offline')).toBeInTheDocument()
    expect(within(menu).queryByText('Online')).not.toBeInTheDocument()
    expect(openToasts()).toHaveLength(0)
  })
})
