import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { tenantA } from '../test-support'
import type { TenantLimits } from '../api/tenant-limits'
import { TenantLimitsDialog } from './tenant-limits-dialog'

const MB = 1024 * 1024
const path = `/api/tenants/${tenantA.id}/limits`

const limits: TenantLimits = {
  dllImportsAllowed: false,
  storageQuotaMb: null,
  defaultStorageQuotaMb: 500,
  storageQuotaBytes: 500 * MB,
  storageUsedBytes: 120 * MB,
  storageFiles: 42,
}

function renderDialog(handlers: Parameters<typeof apiRoutes>[0] = {}) {
  const fetch = mockFetch(
    apiRoutes({
      [`GET ${path}`]: () => Response.json(limits),
      [`PUT ${path}`]: async (request) => {
        const body = (await request.clone().json()) as { dllImportsAllowed: boolean; storageQuotaMb: number | null }
        return Response.json({ ...limits, ...body, storageQuotaBytes: (body.storageQuotaMb ?? 500) * MB })
      },
      ...handlers,
    }),
  )
  const onOpenChange = vi.fn()
  renderWithProviders(<TenantLimitsDialog open tenant={tenantA} onOpenChange={onOpenChange} />, { path: '/tenants' })
  return { fetch, onOpenChange }
}

const quotaInput = () => screen.getByLabelText('Limite de armazenamento (MB)')
const dllSwitch = () => screen.getByRole('switch', { name: 'Permitir #import de DLLs' })

describe('tenant limits dialog', { timeout: 30_000 }, () => {
  it('shows the storage use with a bar, the DLL switch and the quota with the default as placeholder', async () => {
    renderDialog()
    const dialog = await screen.findByRole('dialog', { name: `Limites de ${tenantA.name}` })
    expect(await within(dialog).findByTestId('storage-use')).toHaveTextContent('120 MB de 500 MB (42 arquivos)')
    const bar = within(dialog).getByRole('progressbar', { name: 'Armazenamento em uso' })
    expect(bar).toHaveAttribute('aria-valuenow', '24')
    expect(bar).toHaveAttribute('aria-valuetext', '120 MB de 500 MB (42 arquivos)')
    expect(within(dialog).getByText('Vale o limite padrão da plataforma.')).toBeInTheDocument()

    expect(dllSwitch()).toHaveAttribute('aria-checked', 'false')
    expect(dllSwitch()).toHaveAccessibleDescription('Os robôs deste tenant poderão carregar DLLs; a página de vendas avisa os compradores.')
    expect(quotaInput()).toHaveValue(null)
    expect(quotaInput()).toHaveAttribute('placeholder', 'Padrão: 500 MB')
  })

  it('allows DLLs and sets an own quota', async () => {
    const user = userEvent.setup()
    const { fetch, onOpenChange } = renderDialog()
    await screen.findByTestId('storage-use')
    await user.click(dllSwitch())
    expect(dllSwitch()).toHaveAttribute('aria-checked', 'true')
    await user.type(quotaInput(), '2048')
    await user.click(screen.getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Limites atualizados')).toBeInTheDocument()
    expect(await requestsTo(fetch, 'PUT', path)[0]!.json()).toEqual({ dllImportsAllowed: true, storageQuotaMb: 2048 })
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })

  it('goes back to the platform default when the quota is cleared', async () => {
    const user = userEvent.setup()
    const { fetch } = renderDialog({ [`GET ${path}`]: () => Response.json({ ...limits, dllImportsAllowed: true, storageQuotaMb: 100, storageQuotaBytes: 100 * MB }) })
    await waitFor(() => expect(quotaInput()).toHaveValue(100))
    expect(screen.getByText('Vale o limite próprio deste tenant.')).toBeInTheDocument()
    // 120 MB stored against 100 MB: the bar is full and red.
    expect(screen.getByRole('progressbar', { name: 'Armazenamento em uso' })).toHaveAttribute('aria-valuenow', '100')
    await user.clear(quotaInput())
    await user.click(screen.getByRole('button', { name: 'Salvar' }))
    await screen.findByText('Limites atualizados')
    expect(await requestsTo(fetch, 'PUT', path)[0]!.json()).toEqual({ dllImportsAllowed: true, storageQuotaMb: null })
  })

  it('warns when the quota typed is below what the tenant stores', async () => {
    const user = userEvent.setup()
    renderDialog()
    await screen.findByTestId('storage-use')
    await user.type(quotaInput(), '100')
    expect(quotaInput()).toHaveAccessibleDescription('Abaixo do que o tenant já usa: novos envios serão recusados até ele liberar espaço.')
  })

  it('refuses a quota out of range before sending', async () => {
    const user = userEvent.setup()
    const { fetch } = renderDialog()
    await screen.findByTestId('storage-use')
    await user.type(quotaInput(), '0')
    await user.click(screen.getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText(/^Informe um limite entre 1 MB e 1\.048\.576 MB/)).toBeInTheDocument()
    expect(requestsTo(fetch, 'PUT', path)).toHaveLength(0)
  })

  it("shows the server's message under the quota and keeps what was typed", async () => {
    const user = userEvent.setup()
    renderDialog({ [`PUT ${path}`]: () => errorBody(400, 'Verifique os campos', { storageQuotaMb: 'Limite inválido para este tenant' }) })
    await screen.findByTestId('storage-use')
    await user.click(dllSwitch())
    await user.type(quotaInput(), '900')
    await user.click(screen.getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Erro ao atualizar limites')).toBeInTheDocument()
    const message = screen.getByText('Limite inválido para este tenant')
    expect(quotaInput()).toHaveAttribute('aria-describedby', expect.stringContaining(message.id))
    expect(quotaInput()).toHaveValue(900)
    expect(dllSwitch()).toHaveAttribute('aria-checked', 'true')
  })

  it('shows the error with a retry when the limits cannot be read', async () => {
    let fail = true
    renderDialog({ [`GET ${path}`]: () => (fail ? errorBody(404, 'Tenant não encontrado') : Response.json(limits)) })
    expect(await screen.findByText('Tenant não encontrado')).toBeInTheDocument()
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(await screen.findByTestId('storage-use')).toBeInTheDocument()
  })
})
