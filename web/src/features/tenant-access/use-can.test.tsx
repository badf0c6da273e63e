import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { useQuery } from '@tanstack/react-query'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { api, unwrap } from '@/lib/api/client'
import { mockFetch, renderWithProviders } from '@/test/render'
import type { OwnerRole } from './permissions'
import { ownerSession, signedInOwner } from './test-support'
import { useCan, useRecheckSessionOnRefusal } from './use-can'

function Capabilities() {
  const canManageTeam = useCan('ManageTeam')
  const canViewClients = useCan('ViewClients')
  return <p>{`equipe:${canManageTeam} clientes:${canViewClients}`}</p>
}

describe('useCan', () => {
  it.each<[OwnerRole, string]>([
    ['admin', 'equipe:true clientes:true'],
    ['support', 'equipe:false clientes:true'],
    ['financial', 'equipe:false clientes:true'],
  ])("answers from the signed-in owner's role (%s)", (role, shown) => {
    mockFetch(() => Response.json(ownerSession(role)))
    renderWithProviders(<Capabilities />, { queryData: [signedInOwner(role)] })
    expect(screen.getByText(shown)).toBeInTheDocument()
  })

  it('refuses everything while nobody is signed in', async () => {
    mockFetch(() => errorBody(401, 'Não autenticado'))
    renderWithProviders(<Capabilities />)
    expect(await screen.findByText('equipe:false clientes:false')).toBeInTheDocument()
  })
})

/** A screen the signed-in layout wraps: the layout refreshes the role, the screen reads the team. */
function TeamReader() {
  useRecheckSessionOnRefusal()
  const team = useQuery({ queryKey: ['tenant', 'team'], queryFn: () => unwrap(api.GET('/api/tenant/team')) })
  return (
    <>
      <Capabilities />
      <p>{team.isError ? 'recusado' : 'carregando'}</p>
    </>
  )
}

describe('useRecheckSessionOnRefusal', () => {
  it('asks for the session again after a 403, so the portal follows a role changed elsewhere', async () => {
    const fetch = mockFetch(
      apiRoutes({
        'GET /api/tenant/team': () => errorBody(403, 'Seu perfil (Suporte) não permite esta ação. Peça a um administrador da conta.'),
        'GET /api/tenant-auth/me': () => Response.json(ownerSession('support')),
      }),
    )
    renderWithProviders(<TeamReader />, { queryData: [signedInOwner('admin')] })
    expect(screen.getByText('equipe:true clientes:true')).toBeInTheDocument()
    expect(await screen.findByText('recusado')).toBeInTheDocument()
    expect(await screen.findByText('equipe:false clientes:true')).toBeInTheDocument()
    expect(requestsTo(fetch, 'GET', '/api/tenant-auth/me')).toHaveLength(1)
  })

  it('asks for the session again after a 401, so an ended session (a rotated key, a void tenant pass) leads to the login', async () => {
    const fetch = mockFetch(
      apiRoutes({
        'GET /api/tenant/team': () => errorBody(401, 'Não autenticado'),
        'GET /api/tenant-auth/me': () => errorBody(401, 'Não autenticado'),
      }),
    )
    renderWithProviders(<TeamReader />, { queryData: [signedInOwner('admin')] })
    expect(await screen.findByText('recusado')).toBeInTheDocument()
    expect(await screen.findByText('equipe:false clientes:false')).toBeInTheDocument()
    expect(requestsTo(fetch, 'GET', '/api/tenant-auth/me')).toHaveLength(1)
  })
})
