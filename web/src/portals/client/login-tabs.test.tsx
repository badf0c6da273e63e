import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { LoginTabs } from './login-tabs'

const tabs = [
  { value: 'password', label: 'E-mail e Senha', content: <p>senha</p> },
  { value: 'purchase', label: 'ID de Compra', content: <p>compra</p> },
]

describe('LoginTabs', () => {
  it('shows the chosen tab\'s panel only, labelled by its tab', () => {
    render(<LoginTabs tabs={tabs} defaultValue="password" />)
    const [password, purchase] = screen.getAllByRole('tab')
    expect(password).toHaveAttribute('aria-selected', 'true')
    expect(password).toHaveAttribute('data-state', 'active')
    expect(purchase).toHaveAttribute('aria-selected', 'false')
    const panel = screen.getByRole('tabpanel', { name: 'E-mail e Senha' })
    expect(panel).toHaveTextContent('senha')
    expect(password).toHaveAttribute('aria-controls', panel.id)
    expect(screen.queryByText('compra')).not.toBeInTheDocument()
  })

  it('switches on click', async () => {
    render(<LoginTabs tabs={tabs} defaultValue="password" />)
    await userEvent.click(screen.getByRole('tab', { name: 'ID de Compra' }))
    expect(screen.getByRole('tabpanel', { name: 'ID de Compra' })).toHaveTextContent('compra')
    expect(screen.queryByText('senha')).not.toBeInTheDocument()
  })

  it('is one stop for Tab, on the chosen tab, and the arrows, Home and End choose (wrapping round)', async () => {
    render(
      <>
        <button>antes</button>
        <LoginTabs tabs={tabs} defaultValue="password" />
      </>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'antes' }))
    await userEvent.tab()
    expect(screen.getByRole('tab', { name: 'E-mail e Senha' })).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'ID de Compra' })).toHaveFocus()
    expect(screen.getByRole('tabpanel')).toHaveTextContent('compra')
    await userEvent.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'E-mail e Senha' })).toHaveFocus()
    await userEvent.keyboard('{ArrowLeft}')
    expect(screen.getByRole('tab', { name: 'ID de Compra' })).toHaveFocus()
    await userEvent.keyboard('{Home}')
    expect(screen.getByRole('tabpanel')).toHaveTextContent('senha')
    await userEvent.keyboard('{End}')
    expect(screen.getByRole('tabpanel')).toHaveTextContent('compra')
    await userEvent.tab()
    expect(screen.getByRole('tabpanel')).toHaveFocus()
  })
})
