import { randomUUID } from 'node:crypto'
import { http } from 'viem'
import { bsc, mainnet } from 'viem/chains'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { type Config, createConfig, createStorage } from 'wagmi'
import { connect, disconnect, getConnection, reconnect } from 'wagmi/actions'
import { type Relay, startRelay } from '../test/relay/startRelay'
import { devAccountKey } from '../test/wcwallet/fixtures'
import { startWcWallet, type WcWallet } from '../test/wcwallet/startWcWallet'
import { isDisplayUriMessage, walletConnect } from './walletConnect'
import type { WalletConnectProvider } from './walletConnect/createWalletConnectProvider'

// Sign-client 2.21.8 deletes a session on a received `wc_sessionDelete` at its relayer's next
// publish, in a listener nobody awaits: a session deleted in between (by a second delete) makes
// it throw "Record was recently deleted - session: …" unhandled, on the side that received it,
// at whatever that side publishes next. These tests make `walletConnect()` the one that would
// send the second delete, at a fixed point, and check that it never does.

const deadRpc = 'http://127.0.0.1:9/'
let relay: Relay
let wallet: WcWallet
// Each as its name and message, so a failure says which rejection went unhandled.
const unhandled: string[] = []
const onUnhandled = (reason: unknown) =>
  void unhandled.push(
    reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason),
  )
// Every `wc_sessionDelete` published through the relay (tag 1112), by topic, once per message.
const deletes = new Map<string, Set<string>>()

function onFrame(direction: 'in' | 'out', frame: string) {
  if (direction !== 'in') return
  const { method, params } = JSON.parse(frame) as {
    method?: string
    params?: { topic?: string; message?: string; tag?: number }
  }
  if (method !== 'irn_publish' || params?.tag !== 1112 || !params.topic || !params.message) return
  const seen = deletes.get(params.topic) ?? new Set()
  seen.add(params.message)
  deletes.set(params.topic, seen)
}

function makeConfig(
  store = new Map<string, string>(),
  customStoragePrefix = `latchkey-end-${randomUUID()}`,
) {
  return createConfig({
    chains: [mainnet, bsc],
    connectors: [walletConnect({ relayUrl: relay.url, customStoragePrefix })],
    transports: { [mainnet.id]: http(deadRpc), [bsc.id]: http(deadRpc) },
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

async function pair(config: Config) {
  const connector = config.connectors[0]
  if (!connector) throw new TypeError('no connector')
  const uri = new Promise<string>((resolve) => {
    const onMessage = (message: { type: string; data?: unknown }) => {
      if (!isDisplayUriMessage(message)) return
      connector.emitter.off('message', onMessage)
      resolve(message.data)
    }
    connector.emitter.on('message', onMessage)
  })
  const connecting = connect(config, { connector })
  await wallet.pair(await uri)
  await connecting
  const provider = (await connector.getProvider()) as WalletConnectProvider
  const topic = provider.session?.topic
  if (!topic) throw new TypeError('no session')
  return { provider, topic }
}

/** Makes the wallet publish again (pair and end a session), so a listener left waiting fires. */
async function walletPublishesAgain() {
  const { topic } = await pair(makeConfig())
  await wallet.disconnect(topic)
  await new Promise((resolve) => setTimeout(resolve, 300))
}

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled)
  relay = await startRelay({ onFrame })
  wallet = await startWcWallet({
    relayUrl: relay.url,
    rpcUrls: { 1: deadRpc, 56: deadRpc },
    account: devAccountKey,
  })
})

// Each test (and its retry) counts only its own.
beforeEach(() => {
  unhandled.length = 0
})

afterAll(async () => {
  await wallet?.stop()
  await relay?.stop()
  process.off('unhandledRejection', onUnhandled)
})

describe('walletConnect(): one wc_sessionDelete per session, whoever ends it', () => {
  test('behavior: two disconnects at once send one delete; the wallet deletes once, no unhandled rejection', async () => {
    const config = makeConfig()
    const { topic } = await pair(config)
    const deleted = wallet.waitForDelete(topic)
    await Promise.all([disconnect(config), disconnect(config)])
    await deleted
    expect(getConnection(config).status).toBe('disconnected')
    expect(wallet.sessions().map((session) => session.topic)).not.toContain(topic)
    expect(deletes.get(topic)?.size).toBe(1)
    // A second delete would throw in the wallet's SDK now, at its next publish.
    await walletPublishesAgain()
    expect(unhandled).toEqual([])
  }, 30_000)

  test('behavior: a disconnect as the wallet’s delete arrives sends none and ends disconnected', async () => {
    const config = makeConfig()
    const { provider, topic } = await pair(config)
    // The fixed point of the race: the wallet's delete is in the page, the SDK has not yet
    // deleted the session (it waits for its next publish). The visitor clicks Disconnect now.
    let ours: Promise<unknown> | undefined
    provider.universal.client.core.history.on(
      'history_created',
      (record: { topic: string; request: { method: string } }) => {
        if (record.topic !== topic || record.request.method !== 'wc_sessionDelete' || ours) return
        expect(provider.universal.client.session.keys).toContain(topic)
        ours = disconnect(config).then(
          () => 'resolved',
          (error: unknown) => error,
        )
      },
    )
    await wallet.disconnect(topic)
    await expect.poll(() => ours).toBeDefined()
    expect(await ours).toBe('resolved')
    expect(getConnection(config).status).toBe('disconnected')
    expect(provider.session).toBeUndefined()
    expect(provider.universal.client.session.keys).not.toContain(topic)
    // The wallet's delete only: the page added none.
    expect(deletes.get(topic)?.size).toBe(1)
    await walletPublishesAgain()
    expect(unhandled).toEqual([])
  }, 30_000)

  test('behavior: a wallet delete handled in the SDK’s first second is not replayed by its startup pass', async () => {
    const store = new Map<string, string>()
    const prefix = `latchkey-end-${randomUUID()}`
    const { topic } = await pair(makeConfig(store, prefix))
    // The page reloads (same storage): a new sign client, whose startup pass, due 1 s after it
    // starts, handles again what core's tracker has not marked handled.
    const reloaded = makeConfig(store, prefix)
    await reconnect(reloaded)
    expect(getConnection(reloaded).status).toBe('connected')
    const provider = (await reloaded.connectors[0]?.getProvider()) as WalletConnectProvider
    const { relayer } = provider.universal.client.core
    const order: string[] = []
    let replayed = () => {}
    const replay = new Promise<void>((resolve) => {
      replayed = resolve
    })
    const getWithoutAck = relayer.messages.getWithoutAck.bind(relayer.messages)
    relayer.messages.getWithoutAck = (topics) => {
      order.push('startup pass')
      replayed()
      return getWithoutAck(topics)
    }
    // The page's publishes are slow (a loaded machine): its handling of the delete, which waits
    // for its next publish, is still under way when the startup pass runs.
    const request = relayer.request.bind(relayer)
    relayer.request = (async (args: { method: string }) => {
      if (args.method === 'irn_publish') await replay
      return request(args as never)
    }) as typeof relayer.request
    provider.universal.client.core.history.on(
      'history_created',
      (record: { topic: string; request: { method: string } }) => {
        if (record.topic === topic && record.request.method === 'wc_sessionDelete')
          order.push('delete arrived')
      },
    )
    await wallet.disconnect(topic)
    await expect
      .poll(() => getConnection(reloaded).status, { timeout: 10_000 })
      .toBe('disconnected')
    expect(order.slice(0, 2)).toEqual(['delete arrived', 'startup pass'])
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(unhandled).toEqual([])
  }, 30_000)

  test('behavior: after a wallet-side delete the next session connects and ends normally', async () => {
    const config = makeConfig()
    const first = await pair(config)
    await wallet.disconnect(first.topic)
    await expect.poll(() => getConnection(config).status).toBe('disconnected')
    const { topic } = await pair(config)
    const deleted = wallet.waitForDelete(topic)
    await disconnect(config)
    await deleted
    expect(deletes.get(topic)?.size).toBe(1)
    expect(unhandled).toEqual([])
  }, 30_000)
})
