import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import type { OwnerRole } from '@/features/tenant-access/permissions'
import { signedInOwner } from '@/features/tenant-access/test-support'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { choose, polyfillRadixSelect } from '@/test/select'
import { brandingKeys } from '@/lib/query-keys/branding'
import { fileOf, formFieldsOf, settings, tenant } from '@/features/tenant-catalog/test-support'
import { TenantSettingsPage } from './settings-page'

beforeAll(polyfillRadixSelect)

const session = { user: { id: '0190c0de-0000-7000-8000-000000000002', name: 'Olívia Owner', email: 'owner@loja.com', role: 'admin' }, tenant: { ...tenant, displayName: 'Loja do João', logoUrl: null, faviconUrl: null } }

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}, role: OwnerRole = 'admin') {
  const fetch = mockFetch(
    apiRoutes({
      'GET /api/tenant/settings': () => Response.json(settings),
      'GET /api/tenant-auth/me': () => Response.json(session),
      'GET /api/tenant/storage': () => Response.json({ usedBytes: 50 * 1024 * 1024, files: 12, quotaBytes: 500 * 1024 * 1024 }),
      'GET /api/tenant/hotmart-api': () => Response.json({ configured: false, clientIdPrefix: null }),
      'GET /api/tenant/onboarding': () => Response.json(onboarding),
      ...handlers,
    }),
  )
  const { queryClient } = renderWithProviders(<TenantSettingsPage />, { queryData: [signedInOwner(role)], path: '/settings' })
  return { fetch, queryClient }
}

const CLIENT_PORTAL = 'http://127.0.0.1:18080/client/login?tenant=robosdojoao.com.br'
const OWNER_PORTAL = 'http://127.0.0.1:18080/tenant/login'
const onboarding = {
  steps: [{ key: 'portalShared', done: false }],
  complete: false,
  portalUrl: CLIENT_PORTAL,
  clientPortalUrl: CLIENT_PORTAL,
  ownerPortalUrl: OWNER_PORTAL,
  mailDelivery: 'none',
}

/** The form once the settings arrived. */
const loaded = () => screen.findByLabelText('Nome de exibição')

describe('tenant settings page', { timeout: 30_000 }, () => {
  it('fills the form with the stored settings and previews them', async () => {
    renderPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Configurações' })).toBeInTheDocument()
    expect(await loaded()).toHaveValue('Loja do João')
    expect(screen.getByLabelText('Cor primária')).toHaveValue('#3b82f6')
    expect(screen.getByLabelText('Cor primária: seletor de cor')).toHaveValue('#3b82f6')
    expect(screen.getByLabelText('Texto')).toHaveValue('#fafafa')
    expect(screen.getByLabelText('Fonte')).toHaveTextContent('Inter (recomendada)')
    expect(screen.getByLabelText('Site (página inicial)')).toHaveValue('https://robosdojoao.com.br')
    expect(screen.getByRole('img', { name: 'Logo atual' })).toHaveAttribute('src', settings.logoUrl)
    expect(screen.getByRole('button', { name: 'Padrão' })).toHaveAttribute('aria-pressed', 'true')
    const presets = within(screen.getByRole('group', { name: 'Temas prontos' })).getAllByRole('button')
    expect(presets.map((preset) => preset.textContent)).toEqual([
      'Padrão',
      'Meia-noite',
      'Roxo escuro',
      'Esmeralda',
      'Carmesim',
      'Oceano',
      'Pôr do sol',
      'Floresta',
      'Real',
      'Neon',
    ])
    const preview = screen.getByTestId('settings-preview')
    expect(within(preview).getByText('Loja do João')).toBeInTheDocument()
    // The preview is the portal's own components under the theme's tokens, scoped to it.
    expect(preview.style.getPropertyValue('--background')).toBe('#0a0a0a')
    expect(preview.style.getPropertyValue('--foreground')).toBe('#fafafa')
    expect(preview).toHaveClass('bg-background', 'text-foreground', 'dark')
    expect(within(preview).getByRole('button', { name: 'Download', hidden: true })).toHaveAttribute('data-slot', 'button')
  })

  it('fills every colour from a ready-made theme, previews it, and saves the whole form with blanks as null', async () => {
    const user = userEvent.setup()
    const { fetch } = renderPage({ 'PATCH /api/tenant/settings': async (request) => Response.json(await request.clone().json()) })
    await loaded()
    await user.click(screen.getByRole('button', { name: 'Oceano' }))
    expect(screen.getByRole('button', { name: 'Oceano' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByLabelText('Cor primária')).toHaveValue('#0ea5e9')
    expect(screen.getByLabelText('Fundo')).toHaveValue('#04111d')
    expect(screen.getByTestId('settings-preview').style.getPropertyValue('--sidebar')).toBe('#071726')
    expect(screen.getByTestId('preview-sidebar')).toHaveClass('bg-sidebar')
    await choose('Fonte', 'Poppins')
    expect(screen.getByTestId('settings-preview').style.getPropertyValue('--font-sans-family')).toMatch(/^"Poppins"/)
    await user.type(screen.getByLabelText('E-mail de contato'), 'contato@robosdojoao.com.br')
    await user.click(screen.getByRole('button', { name: 'Salvar' }))

    expect(await screen.findByText('Configurações salvas')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'PATCH', '/api/tenant/settings')
    expect(await request!.json()).toEqual({
      displayName: 'Loja do João',
      logoUrl: settings.logoUrl,
      faviconUrl: null,
      themeColors: { primary: '#0ea5e9', secondary: '#06b6d4', accent: '#2dd4bf' },
      backgroundColors: { background: '#04111d', card: '#0a1c2e', sidebar: '#071726' },
      foregroundColor: '#e0f2fe',
      fontFamily: 'Poppins',
      settings: {
        homepageUrl: 'https://robosdojoao.com.br',
        contactEmail: 'contato@robosdojoao.com.br',
        lessonsUrl: null,
        language: 'pt-BR',
        currency: 'BRL',
        themePreset: 'ocean',
        accountChangesPerPeriod: null,
        accountChangePeriodDays: null,
        accountChangeCooldownHours: null,
      },
    })
  })

  it('refreshes the settings, the session and the branding after a save, so the portal restyles', async () => {
    const user = userEvent.setup()
    const { fetch, queryClient } = renderPage({ 'PATCH /api/tenant/settings': () => Response.json(settings) })
    queryClient.setQueryData(brandingKeys.bySecret(null), { name: tenant.name })
    await loaded()
    // The signed-in session is cached: only the save asks for it again.
    expect(requestsTo(fetch, 'GET', '/api/tenant-auth/me')).toHaveLength(0)
    await user.click(screen.getByRole('button', { name: 'Salvar' }))
    await screen.findByText('Configurações salvas')
    await waitFor(() => expect(requestsTo(fetch, 'GET', '/api/tenant-auth/me')).toHaveLength(1))
    expect(queryClient.getQueryState(brandingKeys.bySecret(null))?.isInvalidated).toBe(true)
  })

  it('forgets the theme once a colour is changed by hand, and refuses a colour that is not #RRGGBB', async () => {
    const user = userEvent.setup()
    const { fetch } = renderPage()
    await loaded()
    const primary = screen.getByLabelText('Cor primária')
    await user.clear(primary)
    await user.type(primary, '#12345')
    expect(screen.getByRole('button', { name: 'Padrão' })).toHaveAttribute('aria-pressed', 'false')
    await user.clear(screen.getByLabelText('Site (página inicial)'))
    await user.type(screen.getByLabelText('Site (página inicial)'), 'robosdojoao')
    await user.type(screen.getByLabelText('E-mail de contato'), 'contato@')
    await user.type(screen.getByLabelText('Trocas por período'), '101')
    await user.click(screen.getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Cor inválida (use formato #RRGGBB)')).toBeInTheDocument()
    expect(screen.getByText('URL inválida')).toBeInTheDocument()
    expect(screen.getByText('E-mail inválido')).toBeInTheDocument()
    expect(screen.getByText('Use de 0 a 100 trocas')).toBeInTheDocument()
    expect(requestsTo(fetch, 'PATCH', '/api/tenant/settings')).toHaveLength(0)
  })

  it("puts the server's field errors on the inputs and titles the toast 'Erro ao atualizar configurações'", async () => {
    const user = userEvent.setup()
    renderPage({
      'PATCH /api/tenant/settings': () => errorBody(400, 'Dados inválidos', { 'themeColors.accent': 'Cor inválida (use formato #RRGGBB)', 'settings.lessonsUrl': 'URL inválida' }),
    })
    await loaded()
    await user.click(screen.getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Erro ao atualizar configurações')).toBeInTheDocument()
    const message = screen.getByText('Cor inválida (use formato #RRGGBB)')
    expect(screen.getByLabelText('Cor de destaque')).toHaveAttribute('aria-describedby', expect.stringContaining(message.id))
    expect(screen.getByText('URL inválida')).toBeInTheDocument()
  })

  it('uploads a new logo as soon as it is picked and shows it', async () => {
    const user = userEvent.setup()
    const { fetch } = renderPage({ 'POST /api/tenant/settings/logo/upload': () => Response.json({ logoUrl: '/api/public/files/logos/novo.png', faviconUrl: null }) })
    await loaded()
    await user.upload(screen.getByLabelText('Logo'), fileOf('novo.png', 'image/png'))
    expect(await screen.findByText('Logo enviado')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Logo atual' })).toHaveAttribute('src', '/api/public/files/logos/novo.png')
    const [request] = requestsTo(fetch, 'POST', '/api/tenant/settings/logo/upload')
    expect(request!.headers.get('X-Requested-With')).toBe('XMLHttpRequest')
    const fields = await formFieldsOf(request!)
    expect(fields.file).toHaveProperty('type', 'image/png')
  })

  it("says 'Erro ao fazer upload do favicon' when the favicon is refused, and checks type and size first", async () => {
    const user = userEvent.setup({ applyAccept: false })
    const { fetch } = renderPage({ 'POST /api/tenant/settings/favicon/upload': () => errorBody(413, 'Arquivo muito grande. Tamanho máximo: 5MB') })
    await loaded()
    await user.upload(screen.getByLabelText('Favicon'), fileOf('icone.ico', 'image/x-icon'))
    expect(await screen.findByText('Tipo de arquivo não permitido. Use: PNG, JPEG, SVG ou WEBP')).toBeInTheDocument()
    expect(requestsTo(fetch, 'POST', '/api/tenant/settings/favicon/upload')).toHaveLength(0)
    await user.upload(screen.getByLabelText('Favicon'), fileOf('icone.png', 'image/png'))
    expect(await screen.findByText('Erro ao fazer upload do favicon')).toBeInTheDocument()
    expect(screen.getAllByText('Arquivo muito grande. Tamanho máximo: 5MB').length).toBeGreaterThan(0)
  })

  it('clears the logo with Remover (saved as null)', async () => {
    const user = userEvent.setup()
    const { fetch } = renderPage({ 'PATCH /api/tenant/settings': () => Response.json({ ...settings, logoUrl: null }) })
    await loaded()
    await user.click(screen.getByRole('button', { name: 'Remover logo' }))
    expect(screen.queryByRole('img', { name: 'Logo atual' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Salvar' }))
    await screen.findByText('Configurações salvas')
    const [request] = requestsTo(fetch, 'PATCH', '/api/tenant/settings')
    expect(await request!.json()).toMatchObject({ logoUrl: null })
  })

  it("says 'Erro ao carregar configurações' with a retry when the settings cannot be read", async () => {
    renderPage({ 'GET /api/tenant/settings': () => errorBody(503, 'Servidor ocupado, tente novamente.') })
    expect(await screen.findByText('Erro ao carregar configurações')).toBeInTheDocument()
    expect(screen.getByText('Servidor ocupado, tente novamente.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument()
  })

  it('shows how much of the storage quota the tenant uses, read-only', async () => {
    renderPage()
    expect(await screen.findByRole('heading', { level: 2, name: 'Armazenamento' })).toBeInTheDocument()
    expect(await screen.findByText('50 MB de 500 MB usados (12 arquivos)')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Armazenamento usado' })).toHaveAttribute('aria-valuenow', '10')
    expect(screen.queryByText(/perto do limite de armazenamento/)).not.toBeInTheDocument()
  })

  it('shows a Financeiro owner the settings read-only: a notice, every input off, no save, no Hotmart credentials', async () => {
    const { fetch } = renderPage({}, 'financial')
    expect(await screen.findByText('Somente leitura')).toBeInTheDocument()
    expect(screen.getByText(/Seu perfil \(Financeiro\) pode ver estas informações/)).toBeInTheDocument()
    expect(await loaded()).toBeDisabled()
    expect(screen.getByLabelText('Cor primária')).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled()
    expect(requestsTo(fetch, 'GET', '/api/tenant/hotmart-api')).toHaveLength(0)
  })

  it("shows both portals' addresses whole; copying the buyers' one ticks the checklist step", async () => {
    const user = userEvent.setup()
    const { fetch } = renderPage({ 'POST /api/tenant/onboarding/portal-shared': () => new Response(null, { status: 204 }) })
    const card = (await screen.findByRole('heading', { level: 2, name: 'Endereços dos portais' })).closest('[data-slot="card"]') as HTMLElement
    expect(await within(card).findByDisplayValue(CLIENT_PORTAL)).toBeInTheDocument()
    expect(within(card).getByDisplayValue(OWNER_PORTAL)).toBeInTheDocument()
    await user.click(within(card).getByRole('button', { name: 'Copiar endereço do portal do revendedor' }))
    expect(await navigator.clipboard.readText()).toBe(OWNER_PORTAL)
    expect(requestsTo(fetch, 'POST', '/api/tenant/onboarding/portal-shared')).toHaveLength(0)
    await user.click(within(card).getByRole('button', { name: 'Copiar endereço do portal do cliente' }))
    expect(await navigator.clipboard.readText()).toBe(CLIENT_PORTAL)
    await waitFor(() => expect(requestsTo(fetch, 'POST', '/api/tenant/onboarding/portal-shared')).toHaveLength(1))
  })

  it('a Financeiro owner copies the addresses without ticking the checklist (settings are read-only for them)', async () => {
    const user = userEvent.setup()
    const { fetch } = renderPage({}, 'financial')
    await user.click(await screen.findByRole('button', { name: 'Copiar endereço do portal do cliente' }))
    expect(await navigator.clipboard.readText()).toBe(CLIENT_PORTAL)
    expect(requestsTo(fetch, 'POST', '/api/tenant/onboarding/portal-shared')).toHaveLength(0)
  })
})
