import { beforeAll, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { choose, polyfillRadixSelect } from '@/test/select'
import { auditTenantUpdate, pageOf, tenantA, tenantB } from '@/features/admin-catalog/test-support'
import type { AuditItem } from '@/features/admin-catalog/api/audit-log'
import { AuditLogPage } from './audit-log-page'

beforeAll(polyfillRadixSelect)

const hotmartCreate: AuditItem = {
  id: '0190c0de-0000-7000-8000-0000000000d2',
  tenantId: null,
  tenantName: null,
  actorKind: 'system',
  actorId: null,
  actorName: null,
  action: 'create',
  entity: 'hotmart_event',
  entityId: null,
  changes: {},
  ip: null,
  createdAt: '2024-05-03T09:10:00Z',
}

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}) {
  const fetch = mockFetch(
    apiRoutes({
      'GET /api/tenants': () => Response.json(pageOf([tenantA, tenantB], { pageSize: 100 })),
      'GET /api/audit-log': () => Response.json(pageOf([auditTenantUpdate, hotmartCreate])),
      ...handlers,
    }),
  )
  renderWithProviders(<AuditLogPage />, { path: '/audit-log' })
  return fetch
}

const lastQuery = (fetch: ReturnType<typeof mockFetch>) => new URL(requestsTo(fetch, 'GET', '/api/audit-log').at(-1)!.url).searchParams

describe('admin audit log page', { timeout: 30_000 }, () => {
  it('lists who did what, when, to which entity, with the changed fields', async () => {
    renderPage()
    const row = (await screen.findByText('Ana Admin')).closest('tr')!
    expect(within(row).getByText(/^02\/05\/2024 \d\d:05$/)).toBeInTheDocument()
    expect(within(row).getByText('203.0.113.7')).toBeInTheDocument()
    expect(within(row).getByText('Alterou')).toBeInTheDocument()
    expect(within(row).getByText('Tenant')).toBeInTheDocument()
    expect(within(row).getByText(tenantA.id.slice(0, 8))).toBeInTheDocument()
    expect(within(row).getAllByText(tenantA.name)).toHaveLength(2) // its tenant, and the new name
    // The changes: each field with its value before and after, stored codes read as their labels.
    const changes = row.querySelector('dl')!
    expect(within(changes).getByText('Status').nextElementSibling).toHaveTextContent(/^Antes: Ativo\s*Depois: Suspenso$/)
    expect(within(changes).getByText('Nome').nextElementSibling).toHaveTextContent(new RegExp(`^Antes: Robos do Joao\\s*Depois: ${tenantA.name}$`))

    const system = screen.getByText('Sistema').closest('tr')!
    expect(within(system).getByText('Criou')).toBeInTheDocument()
    expect(within(system).getByText('Evento Hotmart')).toBeInTheDocument()
    expect(within(system).getByText('Nenhum campo registrado.')).toBeInTheDocument()

    for (const header of ['Quando', 'Autor', 'Ação', 'Entidade', 'Tenant', 'Alterações']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument()
    }
  })

  it('shows five skeleton rows while loading, then the empty text', async () => {
    let answer: (response: Response) => void = () => {}
    renderPage({ 'GET /api/audit-log': () => new Promise<Response>((resolve) => (answer = resolve)) })
    expect(await screen.findAllByTestId('skeleton-row')).toHaveLength(5)
    answer(Response.json(pageOf([])))
    expect(await screen.findByText('Nenhum registro de auditoria ainda')).toBeInTheDocument()
  })

  it('shows the error with a retry when the list fails', async () => {
    renderPage({ 'GET /api/audit-log': () => errorBody(400, 'Data inicial inválida') })
    expect(await screen.findByText('Data inicial inválida')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument()
  })

  it('sends author, tenant, entity and period filters to the server, and clears them', async () => {
    const fetch = renderPage()
    await screen.findByText('Ana Admin')
    expect(screen.getByRole('button', { name: /Limpar filtros/ })).toBeDisabled()

    await userEvent.type(screen.getByLabelText('Buscar por autor'), 'ana')
    await choose('Filtrar por tenant', tenantA.name)
    await choose('Filtrar por entidade', 'Robô')
    fireEvent.change(screen.getByLabelText('De'), { target: { value: '2024-05-01' } })
    fireEvent.change(screen.getByLabelText('até'), { target: { value: '2024-05-31' } })
    await waitFor(() =>
      expect(Object.fromEntries(lastQuery(fetch))).toEqual({
        page: '1',
        pageSize: '20',
        actor: 'ana',
        tenantId: tenantA.id,
        entity: 'robot',
        from: '2024-05-01',
        to: '2024-05-31',
      }),
    )

    await userEvent.click(screen.getByRole('button', { name: /Limpar filtros/ }))
    await waitFor(() => expect(Object.fromEntries(lastQuery(fetch))).toEqual({ page: '1', pageSize: '20' }))
    expect(screen.getByLabelText('De')).toHaveValue('')
  })

  it('says no rows match the filters when a filtered list is empty', async () => {
    renderPage({ 'GET /api/audit-log': (_request, url) => Response.json(pageOf(url.searchParams.has('entity') ? [] : [auditTenantUpdate])) })
    await screen.findByText('Ana Admin')
    await choose('Filtrar por entidade', 'Venda')
    expect(await screen.findByText('Nenhum registro encontrado com esses filtros')).toBeInTheDocument()
  })

  it('pages on the server', async () => {
    const fetch = renderPage({
      'GET /api/audit-log': (_request, url) =>
        Response.json(pageOf(url.searchParams.get('page') === '2' ? [hotmartCreate] : [auditTenantUpdate], { total: 45, page: Number(url.searchParams.get('page')) })),
    })
    await screen.findByText('Ana Admin')
    expect(screen.getByText('45 registros')).toBeInTheDocument()
    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: /Próxima/ }))
    expect(await screen.findByText('Sistema')).toBeInTheDocument()
    expect(screen.getByText('Página 2 de 3')).toBeInTheDocument()
    expect(lastQuery(fetch).get('page')).toBe('2')
  })
})
