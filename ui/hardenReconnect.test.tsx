import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import { custom } from 'viem'
import { bsc, mainnet } from 'viem/chains'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createFakeWallet, fakeAccount } from '../test/ui/fakeWallet'

// wagmi's `reconnect` keeps a module flag (one reconnect at a time) that only a reconnect that
// finishes clears: each test loads a fresh wagmi so a wedged flag from one cannot hide another.
async function fresh() {
  vi.resetModules()
  const wagmi = await import('wagmi')
  const actions = await import('wagmi/actions')
  const ui = await import('./index')
  const { hardenReconnect } = await import('./hardenReconnect')
  const { guardReconnect } = await import('./guardReconnect')
  return { wagmi, actions, ui, hardenReconnect, guardReconnect }
}

type Wagmi = Awaited<ReturnType<typeof fresh>>['wagmi']

/** A connector whose `isAuthorized` throws (corrupt wallet state, a bug in a third-party connector). */
function brokenConnector(wagmi: Wagmi) {
  return wagmi.createConnector(() => ({
    id: 'broken',
    name: 'Broken Wallet',
    type: 'broken',
    async connect() {
      throw new Error('never connects')
    },
    async disconnect() {},
    async getAccounts() {
      return []
    },
    async getChainId() {
      return 1
    },
    async getProvider() {
      return { broken: true }
    },
    async isAuthorized(): Promise<boolean> {
      throw new Error('the wallet state is corrupt')
    },
    onAccountsChanged() {},
    onChainChanged() {},
    onDisconnect() {},
  }))
}

/** The fake wallet, already connected to the site; `eth_accounts` hangs while `hang.on`. */
async function authorizedWallet() {
  const wallet = createFakeWallet()
  await wallet.provider.request({ method: 'eth_requestAccounts' })
  const hang = { on: false }
  const request = wallet.provider.request.bind(wallet.provider)
  const provider = {
    ...wallet.provider,
    request: (args: { method: string; params?: unknown }) =>
      hang.on && args.method === 'eth_accounts' ? new Promise(() => {}) : request(args),
  }
  return { provider, hang }
}

// the chain's RPC: balances read as 0, nothing leaves the process
const rpc = custom({ request: async ({ method }) => (method === 'eth_chainId' ? '0x1' : '0x0') })

afterEach(() => {
  vi.restoreAllMocks()
})

describe('hardenReconnect', () => {
  test('error: G3 a connector whose isAuthorized throws does not wedge reconnect: <ConnectButton/> connects the healthy wallet, a second reconnect() works', async () => {
    const { wagmi, actions, ui } = await fresh()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const unhandled: unknown[] = []
    const onUnhandled = (event: PromiseRejectionEvent) => unhandled.push(event.reason)
    window.addEventListener('unhandledrejection', onUnhandled)
    const { provider } = await authorizedWallet()
    const config = wagmi.createConfig({
      chains: [mainnet, bsc],
      connectors: [
        brokenConnector(wagmi),
        wagmi.injected({
          target: () => ({ id: 'good', name: 'Good Wallet', provider: provider as never }),
        }),
      ],
      transports: { [mainnet.id]: rpc, [bsc.id]: rpc },
      multiInjectedProviderDiscovery: false,
      storage: null,
    })
    // wagmi starts its reconnect while rendering WagmiProvider (no `ssr`), before the button
    render(
      <wagmi.WagmiProvider config={config as never}>
        <QueryClientProvider client={new QueryClient()}>
          <ui.LatchkeyProvider>
            <ui.ConnectButton />
          </ui.LatchkeyProvider>
        </QueryClientProvider>
      </wagmi.WagmiProvider>,
    )
    await waitFor(() => expect(screen.getByTestId('account-button')).toBeTruthy(), {
      timeout: 3_000,
    })
    expect(config.state.status).toBe('connected')
    expect(warn.mock.calls.filter(([m]) => String(m).includes('Broken Wallet'))).toHaveLength(1)

    // wagmi's one-reconnect-at-a-time flag was cleared: a second reconnect runs and finds the wallet
    const again = await actions.reconnect(config)
    expect(again.map((c) => c.accounts[0])).toEqual([fakeAccount])
    expect(warn.mock.calls.filter(([m]) => String(m).includes('Broken Wallet'))).toHaveLength(1)
    window.removeEventListener('unhandledrejection', onUnhandled)
    expect(unhandled).toEqual([])
  })

  test("error: G3 after the guard ends a hung reconnect, wagmi's own reconnect ends too and a second reconnect() works", async () => {
    const { wagmi, actions, hardenReconnect, guardReconnect } = await fresh()
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { provider, hang } = await authorizedWallet()
    const config = wagmi.createConfig({
      chains: [mainnet, bsc],
      connectors: [
        wagmi.injected({
          target: () => ({ id: 'slow', name: 'Slow Wallet', provider: provider as never }),
        }),
      ],
      transports: { [mainnet.id]: rpc, [bsc.id]: rpc },
      multiInjectedProviderDiscovery: false,
      storage: null,
    })
    const [connector] = config.connectors
    if (!connector) throw new TypeError('no connector')
    config.setState((state) => ({
      ...state,
      current: connector.uid,
      connections: new Map([[connector.uid, { accounts: [fakeAccount], chainId: 1, connector }]]),
      status: 'connected',
    }))
    hardenReconnect(config, { stepMs: 600 })
    hang.on = true
    const first = actions.reconnect(config)
    guardReconnect(config, { afterMs: 200, checkMs: 100 })
    await vi.waitFor(() => expect(config.state.status).toBe('disconnected'), { timeout: 2_000 })
    // wagmi's own reconnect settles (its flag clears) instead of waiting for ever
    const settled = await Promise.race([
      first.then(() => 'settled'),
      new Promise((resolve) => setTimeout(() => resolve('pending'), 2_000)),
    ])
    expect(settled).toBe('settled')
    expect(config.state.status).toBe('disconnected')

    // the wallet answers again: a second reconnect() restores it
    hang.on = false
    const again = await actions.reconnect(config)
    expect(again.map((c) => c.accounts[0])).toEqual([fakeAccount])
    expect(config.state.status).toBe('connected')
  })

  test("behavior: a visitor's own connect has no deadline (the wallet prompt may take minutes)", async () => {
    const { wagmi, hardenReconnect } = await fresh()
    let answer: ((accounts: string[]) => void) | undefined
    const provider = {
      request: ({ method }: { method: string }) => {
        if (method === 'eth_requestAccounts')
          return new Promise<string[]>((resolve) => {
            answer = resolve
          })
        if (method === 'eth_chainId') return Promise.resolve('0x1')
        if (method === 'eth_accounts') return Promise.resolve(answer ? [] : [])
        return Promise.resolve(null)
      },
      on() {},
      removeListener() {},
    }
    const config = wagmi.createConfig({
      chains: [mainnet],
      connectors: [
        wagmi.injected({
          target: () => ({ id: 'p', name: 'Prompting Wallet', provider: provider as never }),
        }),
      ],
      transports: { [mainnet.id]: rpc },
      multiInjectedProviderDiscovery: false,
      storage: null,
    })
    hardenReconnect(config, { stepMs: 100 })
    const [connector] = config.connectors
    if (!connector) throw new TypeError('no connector')
    const connecting = connector.connect()
    await new Promise((resolve) => setTimeout(resolve, 300))
    answer?.([fakeAccount])
    await expect(connecting).resolves.toMatchObject({ accounts: [fakeAccount] })
  })
})
