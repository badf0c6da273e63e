import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ActiveInstallations } from './installation-cells'

describe('ActiveInstallations', () => {
  it('flags a license only when an account without a seat ran it', () => {
    const { rerender } = render(<ActiveInstallations license={{ activeInstallations: 2, unseatedInstallations: 0 }} />)
    // Two seats sold, two accounts running: the sale, not a share.
    expect(screen.getByText('2')).toBeInTheDocument()
    expect(screen.queryByTitle('Possível compartilhamento de licença')).not.toBeInTheDocument()
    rerender(<ActiveInstallations license={{ activeInstallations: 3, unseatedInstallations: 1 }} />)
    expect(screen.getByTitle('Possível compartilhamento de licença')).toHaveTextContent('3')
  })
})
