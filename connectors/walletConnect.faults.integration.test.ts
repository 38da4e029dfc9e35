import { randomUUID } from 'node:crypto'
import type { EventEmitter } from 'node:events'
import { performance } from 'node:perf_hooks'
import { type BaseError, type Hex, http, toHex, verifyMessage } from 'viem'
import { bsc, mainnet } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { type Config, createConfig, createStorage } from 'wagmi'
import { connect, getConnection, signMessage } from 'wagmi/actions'
import { WalletConnectRequestExpiredError } from '../src/errors/WalletConnectRequestExpiredError'
import { WalletConnectSessionNotFoundError } from '../src/errors/WalletConnectSessionNotFoundError'
import { installNetworkGuard } from '../test/relay/networkGuard'
import { type Relay, startRelay } from '../test/relay/startRelay'
import { devAccountKey } from '../test/wcwallet/fixtures'
import { pool, type Settled, settle } from '../test/wcwallet/settle'
import { startWcWallet, type WcWallet } from '../test/wcwallet/startWcWallet'
import { isDisplayUriMessage, type WalletConnectParameters, walletConnect } from './walletConnect'
import type { WalletConnectProvider } from './walletConnect/createWalletConnectProvider'

// Reliability plan section D through our product: `walletConnect()` as a wagmi connector, over
// the loopback relay and its faults, with WalletConnect core's own timers (nothing shortened).

const guard = installNetworkGuard()
const deadRpc = 'http://127.0.0.1:9/'
let relay: Relay
let wallet: WcWallet
const unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => void unhandled.push(reason)

type Options = Omit<WalletConnectParameters, 'relayUrl' | 'customStoragePrefix'>

function makeConfig(options: Options = {}, store = new Map<string, string>()) {
  return createConfig({
    chains: [mainnet, bsc],
    connectors: [
      walletConnect({
        relayUrl: relay.url,
        customStoragePrefix: `latchkey-faults-${randomUUID()}`,
        ...options,
      }),
    ],
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

function connectorOf(config: Config) {
  const connector = config.connectors[0]
  if (!connector) throw new TypeError('no connector')
  return connector
}

async function providerOf(config: Config) {
  return (await connectorOf(config).getProvider()) as WalletConnectProvider
}

/** Connects `config` through the relay: the test wallet pairs the `display_uri` URI. */
async function pair(config: Config) {
  const connector = connectorOf(config)
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
  const provider = await providerOf(config)
  const topic = provider.session?.topic
  if (!topic) throw new TypeError('no session')
  return { provider, topic }
}

/** Counts how often the dapp's engine handed a response to a waiting request, by request id. */
function countAnswers(provider: WalletConnectProvider) {
  const answers = new Map<number, number>()
  const { events } = provider.universal.client.engine as unknown as { events: EventEmitter }
  const emit = events.emit.bind(events)
  events.emit = (name: string | symbol, ...args: unknown[]) => {
    const match = /^session_request:(\d+)$/.exec(String(name))
    if (match) answers.set(Number(match[1]), (answers.get(Number(match[1])) ?? 0) + 1)
    return emit(name, ...args)
  }
  return answers
}

/** The error `error` is or wraps (viem wraps what a provider throws in `UnknownRpcError`). */
function causeOf<T>(error: unknown, type: new (...args: never[]) => T): T | undefined {
  if (error instanceof type) return error
  return (error as BaseError | undefined)?.walk?.((cause) => cause instanceof type) as T | undefined
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

/** Each outcome is the signature of its own message; returns how many were. */
async function verified(texts: string[], outcomes: Settled<`0x${string}`>[]) {
  let ok = 0
  for (const [index, outcome] of outcomes.entries())
    if (
      'result' in outcome &&
      (await verifyMessage({
        address: wallet.address,
        message: texts[index] as string,
        signature: outcome.result,
      }))
    )
      ok++
  return ok
}

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled)
  relay = await startRelay()
  wallet = await startWcWallet({
    relayUrl: relay.url,
    rpcUrls: { 1: deadRpc, 56: deadRpc },
    account: devAccountKey,
  })
})

afterAll(async () => {
  await wallet?.stop()
  await relay?.stop()
  process.off('unhandledRejection', onUnhandled)
  guard.restore()
})

describe('walletConnect() under relay faults, SDK timers unpatched (plan section D)', () => {
  test('D1: 20 relay drops during 200 requests: 0 lost, 0 answered twice; reconnect p95 ≤ 5 s', async () => {
    const config = makeConfig()
    const { provider } = await pair(config)
    const answers = countAnswers(provider)
    const sent: number[] = []
    provider.universal.client.on('session_request_sent', ({ id }) => void sent.push(id))
    // Reconnects of each side's socket: from core's `relayer_disconnect` to `relayer_connect`.
    const reconnects = { dapp: [] as number[], wallet: [] as number[] }
    for (const [side, relayer] of [
      ['dapp', provider.universal.client.core.relayer],
      ['wallet', wallet.client.core.relayer],
    ] as const) {
      let down: number | undefined
      relayer.on('relayer_disconnect', () => {
        down ??= performance.now()
      })
      relayer.on('relayer_connect', () => {
        if (down === undefined) return
        reconnects[side].push(performance.now() - down)
        down = undefined
      })
    }
    const before = relay.stats.droppedSockets
    const texts = Array.from({ length: 200 }, (_, i) => `D1 request ${i}`)
    const durations: number[] = []
    // A fixed period locks onto one side's frames (every drop hit the wallet): each drop comes
    // after a different number of frames, 24 to 48, so both sockets are cut.
    const gaps = Array.from({ length: 20 }, (_, k) => 24 + ((k * 7) % 25))
    let armed = 0
    const arm = () => {
      const gap = gaps[armed]
      if (gap === undefined) return
      armed++
      relay.faults.dropSocketAfter(gap, 1)
    }
    arm()
    // Three in flight: a request whose publish lost its ack waits out core's 15 s publish timeout
    // while the others carry on.
    const outcomes = await pool(
      texts.map((message) => async () => {
        if (relay.stats.droppedSockets - before === armed) arm()
        const started = performance.now()
        const outcome = await settle(() => signMessage(config, { message }), 120_000)
        durations.push(performance.now() - started)
        return outcome
      }),
      3,
    )
    relay.faults.reset()

    expect(relay.stats.droppedSockets - before).toBe(20)
    expect(outcomes.filter((outcome) => 'error' in outcome)).toEqual([])
    expect(await verified(texts, outcomes)).toBe(200)
    // Each request reached the wallet once and its answer was handed over once.
    expect(new Set(sent).size).toBe(200)
    const walletAnswers = sent.map((id) => wallet.requests.filter((r) => r.id === id).length)
    expect(walletAnswers.filter((count) => count !== 1)).toEqual([])
    expect(sent.map((id) => answers.get(id) ?? 0).filter((count) => count !== 1)).toEqual([])
    expect(getConnection(config).status).toBe('connected')

    const all = [...reconnects.dapp, ...reconnects.wallet]
    const figures = {
      reconnects: `${reconnects.dapp.length} dapp + ${reconnects.wallet.length} wallet`,
      reconnectP50Ms: Math.round(percentile(all, 50)),
      reconnectP95Ms: Math.round(percentile(all, 95)),
      reconnectMaxMs: Math.round(Math.max(...all)),
      dappReconnectMaxMs: Math.round(Math.max(0, ...reconnects.dapp)),
      walletReconnectMaxMs: Math.round(Math.max(0, ...reconnects.wallet)),
      requestP50Ms: Math.round(percentile(durations, 50)),
      requestP95Ms: Math.round(percentile(durations, 95)),
      requestMaxMs: Math.round(Math.max(...durations)),
      requestsOver5s: durations.filter((ms) => ms > 5_000).length,
      dappReconnectP95Ms: Math.round(percentile(reconnects.dapp, 95)),
    }
    console.log(`[D1 figures] ${JSON.stringify(figures)}`)
    // Two drops of one socket close together make one outage.
    expect(all.length).toBeGreaterThanOrEqual(15)
    // Our connector's own socket was among those cut.
    expect(reconnects.dapp.length).toBeGreaterThanOrEqual(5)
    // Stricter than the plan's 5 s for our side: core alone waits for its 5 s heartbeat when a
    // drop lands while it resubscribes (p95 4.8–4.9 s here); the provider looks again after 1 s.
    expect(percentile(reconnects.dapp, 95)).toBeLessThanOrEqual(2_000)
    expect(figures.reconnectP95Ms).toBeLessThanOrEqual(5_000)
  }, 600_000)

  test('D2: duplicated and reordered deliveries: each id settles once with its own answer', async () => {
    const config = makeConfig()
    const { provider } = await pair(config)
    const answers = countAnswers(provider)
    const sent = new Map<string, number>()
    provider.universal.client.on('session_request_sent', ({ id, request }) => {
      sent.set((request.params as string[])[0] as string, id)
    })
    relay.faults.duplicate(true)
    relay.faults.reorder(true)
    const texts = Array.from({ length: 30 }, (_, i) => `D2 request ${i}`)
    const outcomes = await pool(
      texts.map((message) => () => settle(() => signMessage(config, { message }), 30_000)),
      10,
    )
    relay.faults.reset()
    expect(relay.stats.delivered).toBeGreaterThan(relay.stats.acked)
    expect(await verified(texts, outcomes)).toBe(30)
    const ids = [...sent.values()]
    expect(ids).toHaveLength(30)
    expect(ids.map((id) => answers.get(id))).toEqual(ids.map(() => 1))
    expect(ids.map((id) => wallet.requests.filter((request) => request.id === id).length)).toEqual(
      ids.map(() => 1),
    )
  }, 60_000)

  test('D2: a duplicated chainChanged or accountsChanged changes nothing', async () => {
    const config = makeConfig()
    const { topic } = await pair(config)
    const changes: unknown[] = []
    connectorOf(config).emitter.on('change', ({ uid: _, ...data }) => void changes.push(data))
    relay.faults.duplicate(true)
    relay.faults.reorder(true)
    const account = [`eip155:56:${wallet.address}`]
    // The wallet says it twice, and the relay delivers each message twice.
    await wallet.emit(topic, 'chainChanged', 56, 56)
    await wallet.emit(topic, 'chainChanged', 56, 56)
    await wallet.emit(topic, 'accountsChanged', account, 56)
    await wallet.emit(topic, 'accountsChanged', account, 56)
    await expect.poll(() => getConnection(config).chainId).toBe(56)
    // Settled: a marker event after them is through.
    await wallet.emit(topic, 'chainChanged', 1, 1)
    await expect.poll(() => getConnection(config).chainId).toBe(1)
    relay.faults.reset()
    expect(changes).toEqual([{ chainId: 56 }, { chainId: 1 }])
    expect(getConnection(config)).toMatchObject({ status: 'connected', address: wallet.address })
  }, 30_000)

  test('D6: a wallet that never answers: typed expiry at requestTimeoutMs, then the next request works', async () => {
    const config = makeConfig({ requestTimeoutMs: 1_500 })
    await pair(config)
    wallet.faults['*'] = 'hang'
    const started = performance.now()
    const error = await signMessage(config, { message: 'never answered' }).then(
      () => undefined,
      (caught: unknown) => caught,
    )
    const elapsed = performance.now() - started
    wallet.faults['*'] = undefined
    expect(wallet.unanswered.map((request) => request.params[0])).toContain(toHex('never answered'))
    // viem wraps what the provider throws; the typed cause is in the chain.
    const expired = causeOf(error, WalletConnectRequestExpiredError)
    expect(expired).toBeInstanceOf(WalletConnectRequestExpiredError)
    expect(expired).toMatchObject({ method: 'personal_sign', timeout: 1_500 })
    expect(elapsed).toBeGreaterThanOrEqual(1_400)
    expect(elapsed).toBeLessThan(5_000)
    // Unblocked: still connected, and the next request is answered.
    expect(getConnection(config).status).toBe('connected')
    const signature = await signMessage(config, { message: 'answered' })
    expect(await verifyMessage({ address: wallet.address, message: 'answered', signature })).toBe(
      true,
    )
  }, 30_000)

  test('D4: requests for a session the SDK dropped (expired): typed, logged once, disconnected', async () => {
    const store = new Map<string, string>()
    const config = makeConfig({}, store)
    const { provider, topic } = await pair(config)
    expect(store.has('wagmi.walletConnect.session')).toBe(true)
    // The session's expiry passes while the page still shows it connected (a laptop asleep).
    await provider.universal.client.session.update(topic, {
      expiry: Math.floor(Date.now() / 1000) - 1,
    })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      // Two at once: the first finds it expired (the SDK deletes it), the second "No matching key".
      const errors = await Promise.all(
        ['first', 'second'].map((message) =>
          signMessage(config, { message }).then(
            () => undefined,
            (caught: unknown) => caught,
          ),
        ),
      )
      for (const error of errors) {
        const gone = causeOf(error, WalletConnectSessionNotFoundError)
        expect(gone).toBeInstanceOf(WalletConnectSessionNotFoundError)
        expect(gone).toMatchObject({ method: 'personal_sign', topic })
      }
      const causes = errors.map((error) =>
        String(
          (causeOf(error, WalletConnectSessionNotFoundError)?.cause as Error | undefined)?.message,
        ),
      )
      // The first finds it expired; the second, the topic the SDK just deleted.
      expect(causes.some((message) => /^Expired\. session topic/.test(message))).toBe(true)
      for (const message of causes)
        expect(message).toMatch(
          new RegExp(
            `^(Expired\\. session topic|Missing or invalid\\. Record was recently deleted - session): ${topic}$`,
          ),
        )
      const lines = warn.mock.calls.map((call) => String(call[0]))
      expect(lines.filter((line) => line.includes(topic.slice(0, 8)))).toHaveLength(1)
      expect(lines[0]).toMatch(/WalletConnect session .+ no longer exists .+disconnecting\./)
    } finally {
      warn.mockRestore()
    }
    await expect.poll(() => getConnection(config).status).toBe('disconnected')
    expect(store.has('wagmi.walletConnect.session')).toBe(false)
    // Connecting again pairs a new session.
    await pair(config)
    expect(getConnection(config).status).toBe('connected')
  }, 30_000)

  test('D4: requests for the topic the wallet just deleted: WalletConnectSessionNotFoundError, logged once, no unhandled rejection', async () => {
    const store = new Map<string, string>()
    const config = makeConfig({}, store)
    const { provider, topic } = await pair(config)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const seen = wallet.requests.length
    try {
      // The SDK deleted the session on the wallet's word; the page has not heard yet (it still
      // shows connected), and the app asks twice in that moment.
      let errors: Promise<unknown>[] = []
      provider.universal.client.on('session_delete', (event) => {
        if (event.topic !== topic) return
        expect(getConnection(config).status).toBe('connected')
        errors = ['first', 'second'].map((message) =>
          signMessage(config, { message }).then(
            () => undefined,
            (caught: unknown) => caught,
          ),
        )
      })
      await wallet.disconnect(topic)
      await expect.poll(() => errors.length).toBe(2)
      for (const error of await Promise.all(errors)) {
        const gone = causeOf(error, WalletConnectSessionNotFoundError)
        expect(gone?.name).toBe('WalletConnectSessionNotFoundError')
        expect(gone).toMatchObject({ method: 'personal_sign', topic })
        // sign-client's words for a topic it deleted (classified, not passed on as they are).
        expect((gone?.cause as Error | undefined)?.message).toBe(
          `Missing or invalid. Record was recently deleted - session: ${topic}`,
        )
      }
      const lines = warn.mock.calls.map((call) => String(call[0]))
      expect(lines.filter((line) => line.includes(topic.slice(0, 8)))).toEqual([
        expect.stringMatching(/WalletConnect session .+ no longer exists .+disconnecting\./),
      ])
    } finally {
      warn.mockRestore()
    }
    await expect.poll(() => getConnection(config).status).toBe('disconnected')
    expect(store.has('wagmi.walletConnect.session')).toBe(false)
    // Nothing reached the wallet, and nothing was left unhandled.
    expect(wallet.requests.length).toBe(seen)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(unhandled).toEqual([])
  }, 30_000)

  test('D5: the wallet deletes the session while the dapp is offline: disconnected within 5 s of resuming', async () => {
    const store = new Map<string, string>()
    const config = makeConfig({}, store)
    const { provider, topic } = await pair(config)
    const relayer = provider.universal.client.core.relayer
    await relayer.transportClose()
    await wallet.disconnect(topic)
    // Offline: the page knows nothing yet.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(getConnection(config).status).toBe('connected')
    const resumed = performance.now()
    await relayer.transportOpen()
    await expect
      .poll(() => getConnection(config).status, { timeout: 5_000, interval: 20 })
      .toBe('disconnected')
    const elapsed = performance.now() - resumed
    console.log(`[D5 figures] {"disconnectAfterResumeMs":${Math.round(elapsed)}}`)
    expect(elapsed).toBeLessThan(5_000)
    expect(store.has('wagmi.walletConnect.session')).toBe(false)
    expect(provider.session).toBeUndefined()
  }, 30_000)

  test('D10: back in view with the socket closed: transport restarted, the kept answer arrives within 3 s', async () => {
    // The page's visibility, as a browser reports it (jsdom and Node have none).
    const page = Object.assign(new EventTarget(), { visibilityState: 'visible' })
    ;(globalThis as { document?: unknown }).document = page
    try {
      const config = makeConfig()
      const { provider } = await pair(config)
      const relayer = provider.universal.client.core.relayer
      wallet.faults['*'] = 'hang'
      const held = wallet.unanswered.length
      const signing = signMessage(config, { message: 'D10 across an app switch' })
      await expect.poll(() => wallet.unanswered.length).toBe(held + 1)
      // The app goes to the background; the OS kills the socket and core's retries are over.
      page.visibilityState = 'hidden'
      page.dispatchEvent(new Event('visibilitychange'))
      await relayer.transportClose()
      // Meanwhile the wallet answers: the relay keeps the answer for the page.
      wallet.faults['*'] = undefined
      await wallet.answerHeld()
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(relayer.connected).toBe(false)
      // Back in view.
      const shown = performance.now()
      page.visibilityState = 'visible'
      page.dispatchEvent(new Event('visibilitychange'))
      const outcome = await settle(() => signing, 3_000)
      const elapsed = performance.now() - shown
      console.log(`[D10 figures] {"answerAfterVisibleMs":${Math.round(elapsed)}}`)
      expect(outcome).toHaveProperty('result')
      expect(
        await verifyMessage({
          address: wallet.address,
          message: 'D10 across an app switch',
          signature: (outcome as { result: Hex }).result,
        }),
      ).toBe(true)
      expect(relayer.connected).toBe(true)
      // A request afterwards succeeds.
      await signMessage(config, { message: 'after the switch' })
    } finally {
      delete (globalThis as { document?: unknown }).document
    }
  }, 30_000)

  test('D1–D10: no unhandled rejection, nothing left loopback', () => {
    expect(unhandled).toEqual([])
    expect(guard.escapes).toEqual([])
  })
})
