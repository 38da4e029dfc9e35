import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { http } from 'viem'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { renderLatchkey } from '../../../test/ui/renderLatchkey'
import { ConnectButton } from '../../ConnectButton'

async function connectAndOpenAccount(parameters: Parameters<typeof renderLatchkey>[1] = {}) {
  const rendered = renderLatchkey(<ConnectButton />, parameters)
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
    // no data server: NFTs cannot be listed, and the panel says so rather than "none"
    await waitFor(() =>
      expect(screen.getByRole('tabpanel').textContent).toContain('No NFTs to show'),
    )
    fireEvent.keyDown(screen.getByRole('tab', { name: 'NFTs' }), { key: 'ArrowRight' })
    expect(screen.getByRole('tab', { name: 'Activity' }).getAttribute('aria-selected')).toBe('true')
    await waitFor(() =>
      expect(screen.getByRole('tabpanel').textContent).toContain('No activity yet'),
    )
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

  test('behavior: on BNB Smart Chain every amount is in BNB, never ETH', async () => {
    await connectAndOpenAccount()
    await waitFor(() =>
      expect(screen.getByTestId('account-balance').textContent).toBe('10000.000 ETH'),
    )
    fireEvent.click(screen.getByTestId('account-network'))
    fireEvent.click(await screen.findByTestId('network-eip155:56'))
    await waitFor(() =>
      expect(screen.getByTestId('account-balance').textContent).toBe('10000.000 BNB'),
    )
    expect(screen.getByTestId('account-button').textContent).toContain('10000.000 BNB')
    // the Tokens panel reads BSC's balances through its own chunk: wait for its rows
    await waitFor(() => expect(screen.getByRole('tabpanel').textContent).toContain('BNB'))
    const tokens = screen.getByRole('tabpanel').textContent ?? ''
    expect(tokens).not.toContain('ETH')
    expect(screen.getByTestId('account-button').textContent).not.toContain('ETH')
  })

  test('behavior: a failed switch goes back one view with an error toast', async () => {
    const { wallet } = await connectAndOpenAccount()
    wallet.faults.switch = 'reject'
    fireEvent.click(screen.getByTestId('account-network'))
    fireEvent.click(await screen.findByTestId('network-eip155:56'))
    const toast = await screen.findByTestId('toast')
    expect(toast.getAttribute('data-variant')).toBe('error')
    // the fake wallet declines with 4001: the toast says so (issue 10, F4)
    expect(toast.textContent).toBe('Switch rejected in the wallet')
    expect(screen.getByRole('dialog').getAttribute('data-view')).toBe('Account')
    expect(screen.getByTestId('account-network').textContent).toBe('Ethereum')
  })

  test('error: a switch refused as already pending (-32002) says to open the wallet', async () => {
    const { wallet } = await connectAndOpenAccount()
    wallet.faults.switch = 'pending'
    fireEvent.click(screen.getByTestId('account-network'))
    fireEvent.click(await screen.findByTestId('network-eip155:56'))
    const toast = await screen.findByTestId('toast')
    expect(toast.getAttribute('data-variant')).toBe('error')
    expect(toast.textContent).toBe('Your wallet has a request open. Open it to answer')
    expect(wallet.calls).not.toContain('wallet_addEthereumChain')
    expect(screen.getByTestId('account-network').textContent).toBe('Ethereum')
  })

  test('behavior: disconnect closes the modal and shows Connect Wallet', async () => {
    await connectAndOpenAccount()
    fireEvent.click(screen.getByTestId('disconnect'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect((await screen.findByTestId('connect-button')).textContent).toBe('Connect Wallet')
  })

  test('error: a balance read that fails shows "—" and a retry, never 0.000; retry after recovery shows it', async () => {
    // A real viem http() transport to a port where nothing listens yet (connection refused).
    const port = await freePort()
    await connectAndOpenAccount({
      transport: http(`http://127.0.0.1:${port}/`, { retryCount: 0 }),
    })
    const retry = await screen.findByTestId('balance-retry', {}, { timeout: 10_000 })
    expect(screen.getByTestId('account-balance').textContent).toBe('—')
    // not left loading: the header's own read after the failed balances read settles too
    await waitFor(() =>
      expect(screen.getByTestId('account-balance').getAttribute('data-loading')).toBeNull(),
    )
    expect(screen.getByTestId('account-button').textContent).toContain('—')
    expect(screen.getByTestId('account-button').textContent).not.toContain('0.000')
    expect(retry.getAttribute('aria-label')).toBe('Read the balance again')
    // The node comes up on that port; retry reads the real value.
    rpcServer = await startRpc(port)
    fireEvent.click(retry)
    await waitFor(() => expect(screen.getByTestId('account-balance').textContent).toBe('2.500 ETH'))
    expect(screen.queryByTestId('balance-retry')).toBeNull()
    expect(screen.getByTestId('account-button').textContent).toContain('2.500 ETH')
  })
})

let rpcServer: Server | undefined
afterEach(async () => {
  await new Promise<void>((resolve) => (rpcServer ? rpcServer.close(() => resolve()) : resolve()))
  rpcServer = undefined
})

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** A JSON-RPC endpoint that knows one thing: every balance is 2.5 ETH (CORS open, as nodes are). */
async function startRpc(port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'content-type',
      'access-control-allow-methods': 'POST',
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors)
      return res.end()
    }
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const { id, method } = JSON.parse(body) as { id: number; method: string }
      const result = method === 'eth_getBalance' ? `0x${(25n * 10n ** 17n).toString(16)}` : null
      res.writeHead(200, { ...cors, 'content-type': 'application/json' })
      res.end(JSON.stringify({ jsonrpc: '2.0', id, result }))
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return server
}
