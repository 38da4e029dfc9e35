import { http } from 'viem'
import { bsc, mainnet } from 'viem/chains'
import { describe, expect, test, vi } from 'vitest'
import { createConfig, createStorage } from 'wagmi'
import { reconnect } from 'wagmi/actions'
import { isDisplayUriMessage, walletConnect } from './walletConnect'

// A spy, not a fake: the real module, counted when something imports it.
const sdk = vi.hoisted(() => ({ loads: 0 }))
vi.mock('@walletconnect/universal-provider', async (importOriginal) => {
  sdk.loads++
  return importOriginal()
})
// The shell's lazy part (flag parsing with zod, pairing): not loaded without a stored flag either.
const lazy = vi.hoisted(() => ({ loads: 0 }))
vi.mock('./walletConnect/createWalletConnectSession', async (importOriginal) => {
  lazy.loads++
  return importOriginal()
})

function makeConfig(memory = new Map<string, string>()) {
  const config = createConfig({
    chains: [mainnet, bsc],
    connectors: [walletConnect({ relayUrl: 'ws://127.0.0.1:9' })],
    transports: {
      [mainnet.id]: http('http://127.0.0.1:8545'),
      [bsc.id]: http('http://127.0.0.1:8546'),
    },
    storage: createStorage({
      storage: {
        getItem: (key) => memory.get(key) ?? null,
        setItem: (key, value) => void memory.set(key, value),
        removeItem: (key) => void memory.delete(key),
      },
    }),
    multiInjectedProviderDiscovery: false,
  })
  const connector = config.connectors[0]
  if (!connector) throw new TypeError('no connector')
  return { config, connector, memory }
}

describe('walletConnect', () => {
  test('default: id, name, type', () => {
    const { connector } = makeConfig()
    expect({ id: connector.id, name: connector.name, type: connector.type }).toEqual({
      id: 'walletConnect',
      name: 'WalletConnect',
      type: 'walletConnect',
    })
    expect(walletConnect.type).toBe('walletConnect')
  })

  test('behavior: start-up (setup, reconnect, isAuthorized, getProvider) does not load the SDK without a stored session', async () => {
    const { config, connector } = makeConfig()
    await connector.setup?.()
    expect(await reconnect(config)).toEqual([])
    expect(await connector.isAuthorized()).toBe(false)
    expect(await connector.getProvider()).toBeUndefined()
    expect(await connector.getAccounts()).toEqual([])
    expect(sdk.loads).toBe(0)
    expect(lazy.loads).toBe(0)
  })

  test('behavior: an expired stored session is purged without loading the SDK', async () => {
    const memory = new Map([
      ['wagmi.walletConnect.session', JSON.stringify({ topic: 'a'.repeat(64), expiry: 1 })],
    ])
    const { connector } = makeConfig(memory)
    expect(await connector.isAuthorized()).toBe(false)
    expect(memory.has('wagmi.walletConnect.session')).toBe(false)
    expect(sdk.loads).toBe(0)
  })

  test('behavior: a corrupted stored session is dropped', async () => {
    const memory = new Map([['wagmi.walletConnect.session', JSON.stringify({ topic: 42 })]])
    const { connector } = makeConfig(memory)
    expect(await connector.getProvider()).toBeUndefined()
    expect(memory.has('wagmi.walletConnect.session')).toBe(false)
    expect(sdk.loads).toBe(0)
  })

  test('behavior: options are checked when the connector is made', () => {
    expect(() => walletConnect({ relayUrl: '' })).toThrowErrorMatchingInlineSnapshot(`
      [OptionsValidationError: Invalid option "walletConnect.relayUrl": Expected a ws: or wss: URL (your relay, or walletConnectCloudRelayUrl with a projectId).

      Docs: node_modules/latchkey/docs/errors.md#options
      Version: latchkey@0.1.0]
    `)
    expect(() => walletConnect({ relayUrl: 'wss://relay.walletconnect.org' })).toThrow(
      `WalletConnect's relay needs a projectId.`,
    )
  })
})

describe('the SDK spy', () => {
  // Runs last: shows the count above would have seen a load.
  test('behavior: counts a load', async () => {
    await import('@walletconnect/universal-provider')
    expect(sdk.loads).toBe(1)
  })
})

describe('isDisplayUriMessage', () => {
  test('default', () => {
    expect(isDisplayUriMessage({ type: 'display_uri', data: 'wc:x' })).toBe(true)
    expect(isDisplayUriMessage({ type: 'display_uri', data: 42 })).toBe(false)
    expect(isDisplayUriMessage({ type: 'connecting' })).toBe(false)
  })
})
