import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { UsersIcon } from 'lucide-react'
import { StatCard, statGridClass } from './stat-card'

// jsdom has no layout: these hold the classes that make a phone show two small figures a row.
describe('dashboard figures on a phone', () => {
  it('sit two a row below sm, four a row from xl when there are four', () => {
    expect(statGridClass(4).split(' ')).toEqual(expect.arrayContaining(['grid', 'grid-cols-2', 'xl:grid-cols-4']))
    expect(statGridClass(2).split(' ')).not.toContain('xl:grid-cols-4')
  })

  it('keep the title and the figure, and show the hint from sm only', () => {
    render(<StatCard title="Total de Clientes" icon={UsersIcon} value="1.234" hint="Clientes cadastrados" />)
    const card = screen.getByRole('group', { name: 'Total de Clientes' })
    expect(card).toHaveTextContent('1.234')
    expect(card).toHaveClass('py-3', 'sm:py-5')
    expect(screen.getByText('1.234')).toHaveClass('text-lg', 'sm:text-2xl')
    expect(screen.getByText('Clientes cadastrados')).toHaveClass('hidden', 'sm:block')
  })
})
