import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { InstallationState } from './installation-state'

const since = '2025-03-11T10:30:00Z'

describe('InstallationState', () => {
  it.each([
    ['valid', 'Válida', 'bg-success/15'],
    ['in_grace', 'Em tolerância', 'bg-amber-500/15'],
    ['lapsed', 'Encerrada', 'bg-secondary'],
    ['denied', 'Negada', 'bg-destructive-fill'],
  ])('shows %s as %s in its colour, then since when', (state, label, colour) => {
    render(<InstallationState state={state} since={since} />)
    expect(screen.getByText(label)).toHaveClass(colour)
    // The app's date-time format (dd/MM/yyyy HH:mm); the hour depends on the machine's time zone.
    expect(screen.getByText(/^desde 11\/03\/2025 \d\d:30$/)).toBeInTheDocument()
  })

  it('explains the grace period on hover', () => {
    render(<InstallationState state="in_grace" since={since} />)
    expect(screen.getByText('Em tolerância')).toHaveAttribute(
      'title',
      'O robô não consegue falar com o servidor e está operando no período de tolerância',
    )
  })

  it('shows an unknown state as it came, and no date when there is none', () => {
    render(<InstallationState state="suspended" since={null} />)
    expect(screen.getByText('suspended')).toBeInTheDocument()
    expect(screen.queryByText(/^desde/)).not.toBeInTheDocument()
  })

  it('shows nothing before the robot first checked in', () => {
    const { container } = render(<InstallationState state={null} since={null} />)
    expect(container).toBeEmptyDOMElement()
  })
})
