import { http } from 'viem'
import { bsc, mainnet } from 'viem/chains'
import { describe, expect, test, vi } from 'vitest'
import { createConfig } from 'wagmi'
import { injected } from 'wagmi/connectors'
import type { WalletFaults } from '../test/harness/walletFaults'
import { createFakeWallet, fakeAccount } from '../test/ui/fakeWallet'
import { guardReconnect } from './guardReconnect'

// Wallet A is the real injected test wallet (test/wallet/testWallet.ts) in happy-dom; wallet B a
// second in-memory EIP-1193 wallet. wagmi's own `reconnect` runs against both.
type Globals = {
  __latchkeyTestWalletProvider?: unknown
  __latchkeyTestWallet?: WalletFaults
  __latchkeyTestWalletControl?: unknown
}
/** The page's globals, read afresh (not narrowed by the `delete`s below). */
const globals = () => window as unknown as Globals
const w = globals()

/**
 * How the connection to wallet A is there when reconnect starts: restored from storage after a
 * reload (wagmi persists the connector as `{ id, name, type, uid }` under that page's uid), or the
 * live connection (an app calling `reconnect()` itself).
 */
type Restored = 'reload' | 'live'

async function setup(faults: WalletFaults, restored: Restored = 'live') {
  window.localStorage.clear()
  window.localStorage.setItem(
    'latchkey-testwallet',
    JSON.stringify({ connected: true, chainId: 1, chains: [1] }),
  )
  delete w.__latchkeyTestWalletProvider
  delete w.__latchkeyTestWallet
  delete w.__latchkeyTestWalletControl
  vi.resetModules()
  await import('../test/wallet/testWallet')
  // a fresh wagmi core per test: a reconnect left hanging by a test keeps its module flag set
  const { connect, reconnect } = await import('wagmi/actions')
  Object.assign(globals().__latchkeyTestWallet as object, faults)
  const walletB = createFakeWallet()
  const config = createConfig({
    chains: [mainnet, bsc],
    connectors: [
      injected({
        target: () => ({
          id: 'walletA',
          name: 'Wallet A',
          provider: globals().__latchkeyTestWalletProvider as never,
        }),
      }),
      injected({
        target: () => ({ id: 'walletB', name: 'Wallet B', provider: walletB.provider as never }),
      }),
    ],
    transports: { [mainnet.id]: http('http://127.0.0.1:9'), [bsc.id]: http('http://127.0.0.1:9') },
    multiInjectedProviderDiscovery: false,
    storage: null,
  })
  const [a, b] = config.connectors
  if (!a || !b) throw new TypeError('no connectors')
  // the state a reload restores: connected to wallet A
  const stored = { id: a.id, name: a.name, type: a.type, uid: 'uid-of-the-last-page' }
  const [uid, connector] = restored === 'live' ? [a.uid, a] : [stored.uid, stored as never]
  config.setState((state) => ({
    ...state,
    current: uid,
    connections: new Map([[uid, { accounts: [fakeAccount], chainId: 1, connector }]]),
    status: 'connected',
  }))
  return { config, a, b, connect, reconnect }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('guardReconnect', () => {
  test.each<Restored>(['reload', 'live'])(
    'error: G2 a visitor who connects wallet B while wallet A is still reconnecting (%s) keeps B; A is never current after',
    async (restored) => {
      const { config, a, b, connect, reconnect } = await setup(
        { eth_accounts: { delayMs: 300 } },
        restored,
      )
      // what a React render would read: the state a microtask after each change
      const current: (string | null)[] = []
      config.subscribe(
        (state) => state,
        () => queueMicrotask(() => current.push(config.state.current)),
      )
      const late = reconnect(config)
      guardReconnect(config, { afterMs: 2_000, checkMs: 100 })
      expect(config.state.status).toBe('reconnecting')
      // wallet A's isAuthorized is waiting for eth_accounts: the visitor connects wallet B
      await connect(config, { connector: b })
      expect(config.state.current).toBe(b.uid)
      const connectedToB = current.length
      // wallet A's restore lands (isAuthorized, then connect: two slow eth_accounts)
      expect((await late).map((connection) => connection.connector.uid)).toContain(a.uid)
      await sleep(50)
      expect(config.state.status).toBe('connected')
      expect(config.state.current).toBe(b.uid)
      expect(config.state.connections.get(b.uid)?.connector).toBe(b)
      expect(current.slice(connectedToB).filter((uid) => uid !== b.uid)).toEqual([])
    },
  )
  test('behavior: G2 the late-reconnect fence leaves a disconnect alone: the other connection becomes current', async () => {
    const { config, a, b, connect } = await setup({})
    const { disconnect } = await import('wagmi/actions')
    guardReconnect(config, { afterMs: 0, checkMs: 100 })
    await connect(config, { connector: b })
    expect([...config.state.connections.keys()]).toEqual([a.uid, b.uid])
    await disconnect(config, { connector: b })
    await sleep(50)
    expect(config.state.status).toBe('connected')
    expect(config.state.current).toBe(a.uid)
    expect([...config.state.connections.keys()]).toEqual([a.uid])
  })
  test('error: G2 a visitor who connects another wallet during reconnect keeps it when the late reconnect lands', async () => {
    const { config, b, connect, reconnect } = await setup({ eth_accounts: { delayMs: 700 } })
    const late = reconnect(config)
    expect(config.state.status).toBe('reconnecting')
    guardReconnect(config, { afterMs: 100, checkMs: 100 })
    await vi.waitFor(() => expect(config.state.status).toBe('disconnected'), { timeout: 2_000 })
    // the visitor connects wallet B while wallet A's reconnect is still waiting
    await connect(config, { connector: b })
    expect(config.state.current).toBe(b.uid)
    await late
    await sleep(50)
    expect(config.state.status).toBe('connected')
    expect(config.state.current).toBe(b.uid)
    expect(config.state.connections.has(b.uid)).toBe(true)
  })
  test('behavior: G2 a wallet that answers the check is connected', async () => {
    const { config, a, reconnect } = await setup({})
    // the first eth_accounts (isAuthorized) takes 1 s: the guard's own check answers at once
    const provider = w.__latchkeyTestWalletProvider as {
      request(args: { method: string }): Promise<unknown>
    }
    const request = provider.request.bind(provider)
    let first = true
    provider.request = (args) => {
      if (args.method === 'eth_accounts' && first) {
        first = false
        return new Promise((resolve) => setTimeout(() => resolve(request(args)), 1_000))
      }
      return request(args)
    }
    const late = reconnect(config)
    expect(config.state.status).toBe('reconnecting')
    guardReconnect(config, { afterMs: 300, checkMs: 500 })
    await vi.waitFor(() => expect(config.state.status).toBe('connected'), { timeout: 2_000 })
    expect(config.state.current).toBe(a.uid)
    expect(config.state.connections.get(a.uid)?.accounts).toEqual([fakeAccount])
    // the late reconnect lands on the same wallet: still connected to it
    await late
    expect(config.state.status).toBe('connected')
    expect(config.state.current).toBe(a.uid)
  })

  // Last: its reconnect never ends, and wagmi lets one reconnect run at a time (module state).
  test('error: G2 a reconnect whose eth_accounts never answers ends disconnected in time', async () => {
    const { config, reconnect } = await setup({ eth_accounts: 'hang' })
    const started = Date.now()
    void reconnect(config)
    expect(config.state.status).toBe('reconnecting')
    guardReconnect(config, { afterMs: 300, checkMs: 200 })
    await vi.waitFor(() => expect(config.state.status).toBe('disconnected'), { timeout: 2_000 })
    expect(Date.now() - started).toBeLessThan(1_000)
    expect(config.state.current).toBeNull()
    expect(config.state.connections.size).toBe(0)
  })
})
