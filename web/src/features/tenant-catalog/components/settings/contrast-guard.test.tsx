import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import type { TenantSettings } from '../../api/settings'
import { settings, tenant } from '../../test-support'
import { SettingsForm } from './settings-form'

/** The settings form with the given colours saved (the rest as the fixture has it). */
function renderForm(colours: Partial<Pick<TenantSettings, 'themeColors' | 'backgroundColors' | 'foregroundColor'>>) {
  mockFetch(() => Response.json({ message: 'Não encontrado' }, { status: 404 }))
  const saved = { ...settings, settings: { ...settings.settings, accountChangesPerPeriod: null, accountChangePeriodDays: null, accountChangeCooldownHours: null }, ...colours }
  renderWithProviders(<SettingsForm settings={saved} tenantName={tenant.name} />)
}

const readable = { themeColors: { primary: '#2563eb', secondary: '#7c3aed', accent: '#10b981' } }

describe('contrast guard in the settings', () => {
  it('says the contrast is fine when text and labels pass WCAG AA', () => {
    renderForm(readable)
    expect(screen.getByText('Contraste adequado para leitura (WCAG AA).')).toBeInTheDocument()
    expect(screen.queryByRole('status', { name: /Contraste baixo/ })).not.toBeInTheDocument()
  })

  it('warns about near-white text on a light background, and one click puts the nearest passing text colour in', async () => {
    const user = userEvent.setup()
    renderForm({ ...readable, backgroundColors: { background: '#f8fafc', card: '#ffffff', sidebar: '#e2e8f0' }, foregroundColor: '#fafafa' })
    const warning = screen.getByRole('status', { name: 'Contraste baixo: Texto sobre o fundo' })
    expect(warning).toHaveTextContent('1,0:1, abaixo do mínimo de 4,5:1 (WCAG AA)')
    await user.click(within(warning).getByRole('button', { name: /^Usar #[0-9a-f]{6} no texto$/ }))
    expect(screen.getByLabelText('Texto')).toHaveValue('#737373')
    expect(screen.getByText('Contraste adequado para leitura (WCAG AA).')).toBeInTheDocument()
    // A colour fixed by hand is no longer the ready-made theme's.
    expect(screen.getByRole('button', { name: 'Padrão' })).toHaveAttribute('aria-pressed', 'false')
    expect(screen.getByTestId('settings-preview').style.getPropertyValue('--foreground')).toBe('#737373')
  })

  it('warns about a blue on which neither label reaches 4,5:1 and offers the nearest blue that reads', async () => {
    const user = userEvent.setup()
    renderForm({ themeColors: { primary: '#3575dd', secondary: '#7c3aed', accent: '#10b981' } })
    const warning = screen.getByRole('status', { name: 'Contraste baixo: Texto sobre a cor primária' })
    // 4.47:1 shows as 4,4:1: a ratio under the minimum never reads as the minimum.
    expect(warning).toHaveTextContent('4,4:1, abaixo do mínimo de 4,5:1')
    await user.click(within(warning).getByRole('button', { name: 'Usar #3676dd na cor primária' }))
    expect(screen.getByLabelText('Cor primária')).toHaveValue('#3676dd')
    expect(screen.queryByRole('status', { name: /Contraste baixo/ })).not.toBeInTheDocument()
  })

  it('derives the text from the background when the text colour is blank, in the preview and the placeholder', () => {
    renderForm({ ...readable, backgroundColors: { background: '#ffffff', card: null, sidebar: null }, foregroundColor: null })
    expect(screen.getByLabelText('Texto')).toHaveAttribute('placeholder', '#0a0a0a')
    const preview = screen.getByTestId('settings-preview')
    expect(preview.style.getPropertyValue('--foreground')).toBe('#0a0a0a')
    expect(preview).toHaveClass('light')
    expect(screen.getByText('Contraste adequado para leitura (WCAG AA).')).toBeInTheDocument()
  })
})
