import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes } from '@/test/api-routes'
import { MemberEmailsDialog } from './member-emails-dialog'

const member = { id: '0190c0de-0000-7000-8000-0000000000t1', name: 'Sérgio Suporte', email: 'sergio@loja.com' }

describe('team member e-mails dialog', () => {
  it("lists the member's e-mails as they went; the one-time invitation cannot be resent", async () => {
    mockFetch(
      apiRoutes({
        [`GET /api/tenant/team/${member.id}/emails`]: () =>
          Response.json([
            {
              id: 'm1',
              subject: 'Convite para a equipe',
              template: 'owner_invitation',
              kind: 'Convite para a equipe',
              status: 'not_configured',
              statusLabel: 'Não enviado: remetente não configurado',
              reason: 'E-mail não enviado: remetente não configurado.',
              createdAt: '2026-11-27T10:00:00Z',
              sentAt: null,
              canResend: false,
            },
          ]),
      }),
    )
    renderWithProviders(<MemberEmailsDialog member={member} open onOpenChange={() => {}} canResend />)
    const dialog = await screen.findByRole('dialog', { name: 'E-mails de Sérgio Suporte' })
    const table = await within(dialog).findByRole('table', { name: 'E-mails de Sérgio Suporte' })
    expect(within(table).getByText('Não enviado: remetente não configurado')).toBeInTheDocument()
    expect(within(table).getByText('E-mail não enviado: remetente não configurado.')).toBeInTheDocument()
    expect(within(table).getByRole('button', { name: /Reenviar/ })).toBeDisabled()
  })
})
