import { custom } from 'viem'
import { mainnet } from 'viem/chains'
import { describe, expect, test } from 'vitest'
import { createConfig, createStorage, injected, serialize } from 'wagmi'
import { createFakeWallet, fakeAccount } from '../test/ui/fakeWallet'
import { syncTabs } from './syncTabs'

const rpc = custom({ request: async () => '0x1' })

async function connectedConfig() {
  const wallet = createFakeWallet()
  await wallet.provider.request({ method: 'eth_requestAccounts' })
  const memory = new Map<string, string>()
  const config = createConfig({
    chains: [mainnet],
    connectors: [
      injected({
        target: () => ({ id: 'fake', name: 'Fake', provider: wallet.provider as never }),
      }),
    ],
    transports: { [mainnet.id]: rpc },
    multiInjectedProviderDiscovery: false,
    storage: createStorage({
      storage: {
        getItem: (key) => memory.get(key) ?? null,
        setItem: (key, value) => void memory.set(key, value),
        removeItem: (key) => void memory.delete(key),
      },
    }),
  })
  const [connector] = config.connectors
  if (!connector) throw new TypeError('no connector')
  config.setState((state) => ({
    ...state,
    current: connector.uid,
    connections: new Map([[connector.uid, { accounts: [fakeAccount], chainId: 1, connector }]]),
    status: 'connected',
  }))
  return config
}

/** Another tab's write of wagmi's state, as the `storage` event reports it. */
const otherTab = (newValue: string | null, key = 'wagmi.store') =>
  window.dispatchEvent(new StorageEvent('storage', { key, newValue, oldValue: 'before' }))

const settle = () => new Promise((resolve) => setTimeout(resolve, 100))

describe('syncTabs', () => {
  test("behavior: G12 another tab's disconnect disconnects this tab", async () => {
    const config = await connectedConfig()
    const stop = syncTabs(config)
    otherTab(
      serialize({ state: { chainId: 1, connections: new Map(), current: null }, version: 2 }),
    )
    await settle()
    expect(config.state.status).toBe('disconnected')
    stop()
  })

  test('error: G12 a value this tab cannot read, or another key, changes nothing', async () => {
    const config = await connectedConfig()
    const stop = syncTabs(config)
    otherTab('{"state":')
    otherTab(serialize({ state: { connections: new Map(), current: null }, version: 2 }), 'other')
    await settle()
    expect(config.state.status).toBe('connected')
    stop()
  })

  test('behavior: the listener goes with the last of its users', async () => {
    const config = await connectedConfig()
    const first = syncTabs(config)
    const second = syncTabs(config)
    first()
    first()
    const empty = serialize({
      state: { chainId: 1, connections: new Map(), current: null },
      version: 2,
    })
    otherTab(empty)
    await settle()
    expect(config.state.status).toBe('disconnected')
    // connected again, every user gone: another tab's disconnect is no longer followed
    const again = await connectedConfig()
    const stopAgain = syncTabs(again)
    stopAgain()
    second()
    otherTab(empty)
    await settle()
    expect(again.state.status).toBe('connected')
  })
})
