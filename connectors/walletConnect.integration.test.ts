import { randomUUID } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { http, UserRejectedRequestError, verifyMessage } from 'viem'
import { bsc, mainnet } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Config, createConfig, createStorage } from 'wagmi'
import {
  connect,
  disconnect,
  getConnection,
  reconnect,
  signMessage,
  switchChain,
} from 'wagmi/actions'
import { WalletConnectPairingReplacedError } from '../src/errors/WalletConnectPairingReplacedError'
import { type AnvilNode, startAnvil } from '../test/harness/anvil'
import { once } from '../test/harness/walletFaults'
import { type Escape, installNetworkGuard } from '../test/relay/networkGuard'
import { type Relay, startRelay } from '../test/relay/startRelay'
import { devAccountKey } from '../test/wcwallet/fixtures'
import { shortenPublishRetry } from '../test/wcwallet/settle'
import { startWcWallet, type WcWallet } from '../test/wcwallet/startWcWallet'
import { isDisplayUriMessage, walletConnect } from './walletConnect'

const guard = installNetworkGuard()

// `net.Socket#connect`, DNS and fetch are watched by the shared guard; a global WebSocket
// (Node ≥ 22, browsers) is watched here too.
const webSocketEscapes: Escape[] = []
const NativeWebSocket = (globalThis as { WebSocket?: typeof WebSocket }).WebSocket
if (NativeWebSocket) {
  ;(globalThis as { WebSocket?: unknown }).WebSocket = class extends NativeWebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      const { hostname } = new URL(String(url))
      if (!/^(127\.|localhost$|\[?::1\]?$)/.test(hostname))
        webSocketEscapes.push({ via: 'connect', target: String(url) })
      super(url, protocols)
    }
  }
}

let relay: Relay
let chain1: AnvilNode
let chain56: AnvilNode
let wallet: WcWallet
const storagePrefix = `latchkey-dapp-${randomUUID()}`
const memory = new Map<string, string>()
const timings: Record<string, number[]> = { uriReadyMs: [], approvedMs: [], signRoundTripMs: [] }

function makeConfig({ prefix = storagePrefix, store = memory } = {}) {
  return createConfig({
    chains: [mainnet, bsc],
    connectors: [
      walletConnect({
        relayUrl: relay.url,
        customStoragePrefix: prefix,
        metadata: {
          name: 'Latchkey test dapp',
          description: 'walletConnect() integration test',
          url: 'http://127.0.0.1',
          icons: [],
        },
      }),
    ],
    transports: { [mainnet.id]: http(chain1.rpcUrl), [bsc.id]: http(chain56.rpcUrl) },
    storage: createStorage({
      storage: {
        getItem: (key) => store.get(key) ?? null,
        setItem: (key, value) => void store.set(key, value),
        removeItem: (key) => void store.delete(key),
      },
    }),
    multiInjectedProviderDiscovery: false,
  })
}

function nextUri(config: Config): Promise<string> {
  const connector = config.connectors[0]
  if (!connector) throw new TypeError('no connector')
  return new Promise((resolve) => {
    const onMessage = (message: { type: string; data?: unknown }) => {
      if (!isDisplayUriMessage(message)) return
      connector.emitter.off('message', onMessage)
      resolve(message.data)
    }
    connector.emitter.on('message', onMessage)
  })
}

function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now()
  return new Promise((resolve, reject) => {
    const poll = () => {
      if (check()) return resolve()
      if (Date.now() - started > timeoutMs) return reject(new TypeError('waitFor timed out'))
      setTimeout(poll, 10)
    }
    poll()
  })
}

/** Connects through the relay: URI from the `display_uri` message, paired by the test wallet. */
async function connectWithWallet(config: Config) {
  const connector = config.connectors[0]
  if (!connector) throw new TypeError('no connector')
  const uriReady = nextUri(config)
  const clicked = performance.now()
  const connecting = connect(config, { connector })
  const uri = await uriReady
  const shown = performance.now()
  await wallet.pair(uri)
  const result = await connecting
  timings.uriReadyMs?.push(shown - clicked)
  timings.approvedMs?.push(performance.now() - shown)
  return { uri, result }
}

const sessionTopic = () => wallet.sessions().at(-1)?.topic ?? ''

beforeAll(async () => {
  ;[relay, chain1, chain56] = await Promise.all([
    // The relay sends an unacknowledged message again after `ackTimeoutMs`. On a loaded machine
    // a slow ack then delivers a wallet's session_delete twice, and sign-client 2.21.8 handles
    // the copy with two unhandled rejections ("Record was recently deleted"). Redelivery has
    // its own tests (test/relay); these flows wait longer before it.
    startRelay({ ackTimeoutMs: 5_000 }),
    startAnvil({ chainId: 1 }),
    startAnvil({ chainId: 56 }),
  ])
  wallet = await startWcWallet({
    relayUrl: relay.url,
    rpcUrls: { 1: chain1.rpcUrl, 56: chain56.rpcUrl },
    account: devAccountKey,
  })
}, 60_000)

afterAll(async () => {
  await wallet?.stop()
  await Promise.all([relay?.stop(), chain1?.stop(), chain56?.stop()])
  guard.restore()
  if (NativeWebSocket) (globalThis as { WebSocket?: unknown }).WebSocket = NativeWebSocket
  const summary = Object.entries(timings).map(
    ([name, values]) => `${name}=${values.map((value) => value.toFixed(1)).join('/')}`,
  )
  console.log(`[walletConnect timings] ${summary.join(' ')}`)
})

describe('walletConnect() against the loopback relay, the test wallet and anvil', () => {
  let config: Config

  test('default: connect resolves with the wallet account once the URI is paired', async () => {
    config = makeConfig()
    const { uri, result } = await connectWithWallet(config)
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    expect(result.accounts).toEqual([wallet.address])
    expect(result.chainId).toBe(1)
    expect(getConnection(config)).toMatchObject({ status: 'connected', address: wallet.address })
    expect(memory.get('wagmi.walletConnect.session')).toContain(sessionTopic())
  })

  test('behavior: personal_sign through wagmi verifies with viem', async () => {
    const message = 'Sign in to Latchkey'
    const started = performance.now()
    const signature = await signMessage(config, { message })
    timings.signRoundTripMs?.push(performance.now() - started)
    expect(await verifyMessage({ address: wallet.address, message, signature })).toBe(true)
    for (let round = 0; round < 4; round++) {
      const again = performance.now()
      await signMessage(config, { message: `${message} ${round}` })
      timings.signRoundTripMs?.push(performance.now() - again)
    }
  })

  test('behavior: the provider answers chain and accounts itself and sends reads to the chain’s RPC', async () => {
    const provider = (await config.connectors[0]?.getProvider()) as {
      request(args: { method: string; params?: unknown }): Promise<unknown>
    }
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1')
    expect(
      ((await provider.request({ method: 'eth_accounts' })) as string[]).map((a) =>
        a.toLowerCase(),
      ),
    ).toEqual([wallet.address.toLowerCase()])
    const before = wallet.requests.length
    // A read: answered by anvil 1 (the rpcMap URL from the transport), not by the wallet.
    const block = await provider.request({ method: 'eth_getBlockByNumber', params: ['0x0', false] })
    expect(block).toMatchObject({ number: '0x0' })
    expect(
      await provider.request({ method: 'eth_getBalance', params: [wallet.address, 'latest'] }),
    ).toBe('0x21e19e0c9bab2400000')
    expect(wallet.requests.length).toBe(before)
  })

  test('behavior: switchChain to 56', async () => {
    const chain = await switchChain(config, { chainId: bsc.id })
    expect(chain.id).toBe(56)
    expect(getConnection(config).chainId).toBe(56)
    const signature = await signMessage(config, { message: 'on bsc' })
    expect(await verifyMessage({ address: wallet.address, message: 'on bsc', signature })).toBe(
      true,
    )
    expect(wallet.requests.at(-1)).toMatchObject({ method: 'personal_sign', chainId: 'eip155:56' })
  })

  test('behavior: disconnect from the dapp ends the session on both sides', async () => {
    const topic = sessionTopic()
    const deleted = wallet.waitForDelete(topic)
    await disconnect(config)
    await deleted
    expect(getConnection(config).status).toBe('disconnected')
    expect(wallet.sessions().map((session) => session.topic)).not.toContain(topic)
    expect(memory.has('wagmi.walletConnect.session')).toBe(false)
  })

  test('behavior: disconnect from the wallet side leaves wagmi disconnected', async () => {
    await connectWithWallet(config)
    expect(getConnection(config).status).toBe('connected')
    await wallet.disconnect(sessionTopic())
    await waitFor(() => getConnection(config).status === 'disconnected')
    expect(memory.has('wagmi.walletConnect.session')).toBe(false)
  })

  test('behavior: a rejected proposal rejects connect; the next attempt gets a fresh URI', async () => {
    const connector = config.connectors[0]
    if (!connector) throw new TypeError('no connector')
    wallet.faults.connect = once('reject')
    const uriReady = nextUri(config)
    const connecting = connect(config, { connector })
    const first = await uriReady
    await wallet.pair(first)
    await expect(connecting).rejects.toBeInstanceOf(UserRejectedRequestError)
    const { uri } = await connectWithWallet(config)
    expect(uri).not.toBe(first)
    expect(getConnection(config).status).toBe('connected')
  })

  test('behavior: the relay drops every socket; the session and signing carry on', async () => {
    // Core waits 15 s for a lost publish's ack before its retry (test/wcwallet/settle.ts): shorter here.
    const provider = (await config.connectors[0]?.getProvider()) as
      | { universal: { client: Parameters<typeof shortenPublishRetry>[0] } }
      | undefined
    if (provider) shortenPublishRetry(provider.universal.client, 1_000)
    shortenPublishRetry(wallet.client, 1_000)
    relay.dropConnections()
    const dropped = performance.now()
    const signature = await signMessage(config, { message: 'after a drop' })
    expect(
      await verifyMessage({ address: wallet.address, message: 'after a drop', signature }),
    ).toBe(true)
    expect(getConnection(config).status).toBe('connected')
    timings.signAfterDropMs = [performance.now() - dropped]
  })

  test('behavior: a reload with a live session reconnects without a new pairing', async () => {
    const topic = sessionTopic()
    const reloaded = makeConfig()
    let uriShown = false
    reloaded.connectors[0]?.emitter.on('message', (message) => {
      if (isDisplayUriMessage(message)) uriShown = true
    })
    const connections = await reconnect(reloaded)
    expect(connections.map((connection) => connection.accounts)).toEqual([[wallet.address]])
    expect(getConnection(reloaded)).toMatchObject({ status: 'connected', address: wallet.address })
    expect(uriShown).toBe(false)
    const signature = await signMessage(reloaded, { message: 'after reload' })
    expect(
      await verifyMessage({ address: wallet.address, message: 'after reload', signature }),
    ).toBe(true)
    expect(wallet.sessions().map((session) => session.topic)).toContain(topic)
    await disconnect(reloaded)
  })

  test('behavior: a stored session the SDK no longer knows is purged on start', async () => {
    memory.set(
      'wagmi.walletConnect.session',
      JSON.stringify({ topic: 'f'.repeat(64), expiry: Math.floor(Date.now() / 1000) + 3600 }),
    )
    const reloaded = makeConfig()
    expect(await reconnect(reloaded)).toEqual([])
    expect(getConnection(reloaded).status).toBe('disconnected')
    expect(memory.has('wagmi.walletConnect.session')).toBe(false)
  })

  test('behavior: a fresh URI replaces an unpaired one (expired while shown); the old attempt ends typed', async () => {
    // Its own SDK storage and wagmi storage: a first visit.
    const fresh = makeConfig({ prefix: `latchkey-fresh-${randomUUID()}`, store: new Map() })
    const connector = fresh.connectors[0]
    if (!connector) throw new TypeError('no connector')
    const firstUri = nextUri(fresh)
    const first = connect(fresh, { connector }).catch((error: unknown) => error)
    const stale = await firstUri
    const { uri, result } = await connectWithWallet(fresh)
    expect(await first).toBeInstanceOf(WalletConnectPairingReplacedError)
    expect(uri).not.toBe(stale)
    expect(result.accounts).toEqual([wallet.address])
    expect(getConnection(fresh).status).toBe('connected')
    await disconnect(fresh)
  })

  test('behavior: nothing tried to leave loopback', () => {
    expect(guard.escapes).toEqual([])
    expect(webSocketEscapes).toEqual([])
  })
})
