import { fireEvent, screen, waitFor } from '@testing-library/react'
import { StrictMode } from 'react'
import { describe, expect, test } from 'vitest'
import { renderLatchkey } from '../../../test/ui/renderLatchkey'
import { ConnectButton } from '../../ConnectButton'

async function chooseTestWallet() {
  fireEvent.click(screen.getByTestId('connect-button'))
  fireEvent.click(await screen.findByTestId('wallet-dev.latchkey.testwallet'))
  return screen.findByTestId('connecting-status')
}

const connectRequests = (calls: string[]) =>
  calls.filter((m) => m === 'wallet_requestPermissions' || m === 'eth_requestAccounts').length

describe('ConnectingExternal view', () => {
  test('default: asks the wallet once, then closes the modal and shows the account', async () => {
    const { wallet } = renderLatchkey(<ConnectButton />)
    wallet.faults.connect = undefined
    const status = await chooseTestWallet()
    expect(status.textContent).toBe('Continue in Latchkey Test Wallet')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect((await screen.findByTestId('account-button')).textContent).toContain('0xf3…b92266')
    expect(connectRequests(wallet.calls)).toBe(1)
    // remembered as recent for the next visit
    expect(JSON.parse(localStorage.getItem('latchkey.recentWallets') ?? '[]')).toMatchObject([
      { id: 'dev.latchkey.testwallet', name: 'Latchkey Test Wallet' },
    ])
  })

  test('behavior: a rejection shows as such, and retry calls connect again', async () => {
    const { wallet } = renderLatchkey(<ConnectButton />)
    wallet.faults.connect = 'reject'
    await chooseTestWallet()
    expect((await screen.findByRole('alert')).textContent).toBe('Connection declined')
    expect(screen.getByRole('dialog').getAttribute('data-view')).toBe('ConnectingExternal')
    expect(connectRequests(wallet.calls)).toBe(1)

    wallet.faults.connect = undefined
    fireEvent.click(screen.getByTestId('retry'))
    await screen.findByTestId('account-button')
    expect(connectRequests(wallet.calls)).toBe(2)
  })

  test('behavior: a pending request (-32002) says so', async () => {
    const { wallet } = renderLatchkey(<ConnectButton />)
    wallet.faults.connect = 'pending'
    await chooseTestWallet()
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Request already pending. Open your wallet.',
    )
    expect(screen.getByTestId('retry')).toBeTruthy()
  })

  test('behavior: under StrictMode (effects run twice) the wallet is asked once, and the answer counts', async () => {
    const { wallet } = renderLatchkey(<ConnectButton />, {
      wrap: (tree) => <StrictMode>{tree}</StrictMode>,
    })
    wallet.faults.connect = undefined
    await chooseTestWallet()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect((await screen.findByTestId('account-button')).textContent).toContain('0xf3…b92266')
    expect(connectRequests(wallet.calls)).toBe(1)
  })

  test('behavior: back returns to Connect', async () => {
    const { wallet } = renderLatchkey(<ConnectButton />)
    wallet.faults.connect = 'reject'
    await chooseTestWallet()
    await screen.findByRole('alert')
    fireEvent.click(screen.getByTestId('modal-back'))
    await waitFor(() =>
      expect(screen.getByRole('dialog').getAttribute('data-view')).toBe('Connect'),
    )
  })
})
