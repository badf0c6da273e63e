import { describe, expect, it, vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Button } from '@/components/ui/button'
import { PHONE_WIDTH, setViewportWidth } from '@/test/viewport'
import { ResponsiveTable, type DataColumn } from './responsive-table'

interface Sale {
  id: string
  client: string
  amount: string
  status: string
}

const sales: Sale[] = [
  { id: 's1', client: 'Maria Souza', amount: 'R$ 497,00', status: 'Confirmada' },
  { id: 's2', client: 'João Lima', amount: 'R$ 97,00', status: 'Reembolsada' },
]

function columns(onDetail: (sale: Sale) => void): DataColumn<Sale>[] {
  return [
    { label: 'Cliente', card: 'title', cell: (sale) => sale.client },
    { label: 'Valor Pago', className: 'text-right', cell: (sale) => sale.amount },
    { label: 'Status', card: 'status', cell: (sale) => sale.status },
    { label: 'Logo', card: 'none', cell: () => <img alt="" src="/logo.png" /> },
    {
      label: 'Ações',
      card: 'actions',
      cell: (sale) => (
        <Button aria-label={`Detalhes da venda de ${sale.client}`} onClick={() => onDetail(sale)}>
          Detalhes
        </Button>
      ),
    },
  ]
}

function renderSales({ items = sales, loading = false, onDetail = vi.fn() } = {}) {
  return render(<ResponsiveTable label="Vendas" columns={columns(onDetail)} items={items} rowKey={(sale) => sale.id} loading={loading} placeholder="Nenhuma venda" />)
}

describe('ResponsiveTable', () => {
  it('is a table from 768 px: a header per column, the actions header read out only', () => {
    setViewportWidth(1366)
    renderSales()
    const table = screen.getByRole('table', { name: 'Vendas' })
    expect(table.closest('[data-layout]')).toHaveAttribute('data-layout', 'table')
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Cliente', 'Valor Pago', 'Status', 'Logo', 'Ações'])
    expect(within(table).getByText('Ações')).toHaveClass('sr-only')
    expect(within(table).getAllByRole('row')).toHaveLength(3)
    expect(screen.queryByTestId('list-card')).not.toBeInTheDocument()
  })

  it('is a list of cards below 768 px: the client heads each card, amount and status in view, labelled actions', async () => {
    setViewportWidth(PHONE_WIDTH)
    const onDetail = vi.fn()
    renderSales({ onDetail })
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    const list = screen.getByRole('list', { name: 'Vendas' })
    expect(list).toHaveAttribute('data-layout', 'cards')
    const cards = within(list).getAllByRole('listitem')
    expect(cards).toHaveLength(2)

    const first = within(cards[0]!)
    expect(first.getByText('Maria Souza')).toBeInTheDocument()
    // A labelled line per field: "Valor Pago" beside its amount.
    const amount = first.getByText('R$ 497,00')
    expect(amount.tagName).toBe('DD')
    expect(amount.previousElementSibling).toHaveTextContent('Valor Pago')
    expect(first.getByText('Confirmada')).toBeInTheDocument()
    // Columns placed nowhere ('none') are left out of the card.
    expect(cards[0]!.querySelector('img')).toBeNull()

    const detail = first.getByRole('button', { name: 'Detalhes da venda de Maria Souza' })
    expect(detail).toHaveTextContent('Detalhes')
    await userEvent.click(detail)
    expect(onDetail).toHaveBeenCalledWith(sales[0])
  })

  it('shows skeleton cards while loading and the placeholder when there is nothing', () => {
    setViewportWidth(PHONE_WIDTH)
    const { unmount } = renderSales({ loading: true })
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5)
    unmount()
    renderSales({ items: [] })
    expect(screen.getByRole('group', { name: 'Vendas' })).toHaveTextContent('Nenhuma venda')
  })

  it('shows skeleton rows and the placeholder in the table too', () => {
    const { unmount } = renderSales({ loading: true })
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5)
    unmount()
    renderSales({ items: [] })
    expect(screen.getByRole('table', { name: 'Vendas' })).toHaveTextContent('Nenhuma venda')
  })
})
