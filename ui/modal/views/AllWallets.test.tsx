import '../../../test/ui/setup'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { renderLatchkey } from '../../../test/ui/renderLatchkey'
import { ConnectButton } from '../../ConnectButton'

const manyWallets = Array.from({ length: 1000 }, (_, i) => ({
  id: `wallet-${i}`,
  name: i === 777 ? 'Zebra Vault' : `Wallet ${String(i).padStart(4, '0')}`,
}))

async function openAllWallets() {
  renderLatchkey(<ConnectButton />, { options: { customWallets: manyWallets } })
  fireEvent.click(screen.getByTestId('connect-button'))
  fireEvent.click(await screen.findByTestId('all-wallets'))
  return screen.findByTestId('wallet-search')
}

const rows = () => document.querySelectorAll('[data-lk-virtual-list] [data-lk-row]')

describe('AllWallets view', () => {
  test('default: 1,000 wallets render only the visible rows', async () => {
    await openAllWallets()
    expect(rows().length).toBeGreaterThan(0)
    expect(rows().length).toBeLessThan(60)
    const list = document.querySelector('[data-lk-virtual-list]') as HTMLElement
    // the list is as tall as all rows, so the scrollbar tells the truth
    expect(list.style.height).toBe(`${1001 * 56}px`)
  })

  test('behavior: scrolling renders the rows in view', async () => {
    await openAllWallets()
    const viewport = document.querySelector('[data-lk-virtual]') as HTMLElement
    viewport.scrollTop = 500 * 56
    fireEvent.scroll(viewport)
    await waitFor(() => expect(screen.getByTestId('wallet-wallet-500')).toBeTruthy())
    expect(screen.queryByTestId('wallet-wallet-0')).toBeNull()
    expect(rows().length).toBeLessThan(60)
  })

  test('behavior: search filters by name', async () => {
    const search = await openAllWallets()
    fireEvent.change(search, { target: { value: 'zebra' } })
    await waitFor(() => expect(rows()).toHaveLength(1))
    const row = screen.getByTestId('wallet-wallet-777')
    expect(row.querySelector('[data-lk-row-label]')?.textContent).toBe('Zebra Vault')
  })

  test('behavior: no match shows an empty state', async () => {
    const search = await openAllWallets()
    fireEvent.change(search, { target: { value: 'no such wallet' } })
    await screen.findByText('No wallet found')
    expect(rows()).toHaveLength(0)
  })
})
