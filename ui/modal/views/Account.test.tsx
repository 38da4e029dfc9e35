import '../../test/setup'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, test, vi } from 'vitest'
import { ConnectButton } from '../../ConnectButton'
import { renderLatchkey } from '../../test/renderLatchkey'

async function connectAndOpenAccount() {
  const rendered = renderLatchkey(<ConnectButton />)
  fireEvent.click(screen.getByTestId('connect-button'))
  fireEvent.click(await screen.findByTestId('wallet-dev.latchkey.testwallet'))
  const account = await screen.findByTestId('account-button')
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  fireEvent.click(account)
  await screen.findByTestId('account-address')
  return rendered
}

describe('Account view', () => {
  test('default: address, native balance, network and explorer', async () => {
    await connectAndOpenAccount()
    expect(screen.getByRole('dialog').getAttribute('data-view')).toBe('Account')
    expect(screen.getByTestId('account-address').textContent).toBe('0xf3…b92266')
    await waitFor(() =>
      expect(screen.getByTestId('account-balance').textContent).toBe('10000.000 ETH'),
    )
    expect(screen.getByTestId('account-network').textContent).toBe('Ethereum')
    expect(screen.getByTestId('explorer-link').getAttribute('href')).toBe(
      'https://etherscan.io/address/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    )
    expect(screen.getByTestId('account-button').textContent).toContain('10000.000 ETH')
    // An injected wallet has no server sessions to end.
    expect(screen.queryByTestId('sign-out-everywhere')).toBeNull()
  })

  test('behavior: copy puts the address on the clipboard and says so', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await connectAndOpenAccount()
    fireEvent.click(screen.getByTestId('copy-address'))
    const toast = await screen.findByTestId('toast')
    expect(toast.getAttribute('data-variant')).toBe('success')
    expect(toast.textContent).toBe('Address copied')
    expect(writeText).toHaveBeenCalledWith('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  })

  test('behavior: NFTs and Activity tabs are honest empty states', async () => {
    await connectAndOpenAccount()
    expect(screen.getByRole('tab', { name: 'Tokens' }).getAttribute('aria-selected')).toBe('true')
    fireEvent.click(screen.getByRole('tab', { name: 'NFTs' }))
    expect(screen.getByRole('tabpanel').textContent).toContain('No NFTs yet')
    fireEvent.keyDown(screen.getByRole('tab', { name: 'NFTs' }), { key: 'ArrowRight' })
    expect(screen.getByRole('tab', { name: 'Activity' }).getAttribute('aria-selected')).toBe('true')
    expect(screen.getByRole('tabpanel').textContent).toContain('No activity yet')
  })

  test('behavior: the network pill opens Networks; switching goes back to Account', async () => {
    const { wallet } = await connectAndOpenAccount()
    fireEvent.click(screen.getByTestId('account-network'))
    const bnb = await screen.findByTestId('network-eip155:56')
    expect(screen.getByTestId('network-eip155:1').getAttribute('aria-current')).toBe('true')
    fireEvent.click(bnb)
    await waitFor(() =>
      expect(screen.getByTestId('account-network').textContent).toBe('BNB Smart Chain'),
    )
    expect(screen.getByRole('dialog').getAttribute('data-view')).toBe('Account')
    expect(wallet.calls).toContain('wallet_switchEthereumChain')
  })

  test('behavior: a failed switch goes back one view with an error toast', async () => {
    const { wallet } = await connectAndOpenAccount()
    wallet.faults.rejectSwitch = true
    fireEvent.click(screen.getByTestId('account-network'))
    fireEvent.click(await screen.findByTestId('network-eip155:56'))
    const toast = await screen.findByTestId('toast')
    expect(toast.getAttribute('data-variant')).toBe('error')
    expect(toast.textContent).toBe('Switch network failed')
    expect(screen.getByRole('dialog').getAttribute('data-view')).toBe('Account')
    expect(screen.getByTestId('account-network').textContent).toBe('Ethereum')
  })

  test('behavior: disconnect closes the modal and shows Connect Wallet', async () => {
    await connectAndOpenAccount()
    fireEvent.click(screen.getByTestId('disconnect'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect((await screen.findByTestId('connect-button')).textContent).toBe('Connect Wallet')
  })
})
