import type { EventEmitter } from 'node:events'
import type { SessionTypes } from '@walletconnect/types'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { installNetworkGuard } from '../relay/networkGuard'
import { type Relay, startRelay } from '../relay/startRelay'
import { type DappClient, startDappClient } from './dappClient'
import { devAccountKey } from './fixtures'
import { pool, quickenCoreRetries, RequestTimeoutError, type Settled, settle } from './settle'
import { startWcWallet, type WcWallet } from './startWcWallet'

const guard = installNetworkGuard()

let relay: Relay
let wallet: WcWallet
let dapp: DappClient
let session: SessionTypes.Struct
/** Responses the dapp's engine handed to a waiting request, by request id. */
const answers = new Map<number, number>()
/** Request ids by message text, from the dapp's `session_request_sent`. */
const sent = new Map<string, number>()

beforeAll(async () => {
  relay = await startRelay()
  // The session flow never calls the RPC: a dead loopback URL is enough.
  const rpcUrls = { 1: 'http://127.0.0.1:9/' }
  wallet = await startWcWallet({ relayUrl: relay.url, rpcUrls, account: devAccountKey })
  dapp = await startDappClient(relay.url)
  await quickenCoreRetries(dapp.client)
  await quickenCoreRetries(wallet.client)
  dapp.client.on('session_request_sent', ({ id, request }) => {
    sent.set(request.params[0], id)
  })
  // The engine hands each response to its waiting request as `session_request:<id>`.
  const { events } = dapp.client.engine as unknown as { events: EventEmitter }
  const emit = events.emit.bind(events)
  events.emit = (name: string | symbol, ...args: unknown[]) => {
    const match = /^session_request:(\d+)$/.exec(String(name))
    if (match) answers.set(Number(match[1]), (answers.get(Number(match[1])) ?? 0) + 1)
    return emit(name, ...args)
  }
  const { uri, approval } = await dapp.connect([1])
  await wallet.pair(uri)
  session = await approval()
})

afterAll(async () => {
  await dapp?.stop()
  await wallet?.stop()
  await relay?.stop()
  guard.restore()
})

const sign = (text: string) => () =>
  dapp.client.request<`0x${string}`>({
    topic: session.topic,
    chainId: 'eip155:1',
    request: { method: 'personal_sign', params: [text, wallet.address] },
  })

/** Checks each outcome, and that no request was answered twice on either side. */
async function checkAll(texts: string[], outcomes: Settled<`0x${string}`>[]) {
  const ids = texts.map((text) => sent.get(text))
  expect(ids.every((id) => id !== undefined)).toBe(true)
  expect(new Set(ids).size, 'sign-client gave two requests one id').toBe(ids.length)
  const walletAnswers = ids.map((id) => wallet.requests.filter((r) => r.id === id).length)
  expect(walletAnswers.filter((count) => count > 1)).toEqual([])
  expect(ids.map((id) => answers.get(id as number) ?? 0).filter((count) => count > 1)).toEqual([])
  let signed = 0
  for (const [index, outcome] of outcomes.entries()) {
    if ('result' in outcome) {
      const message = texts[index] as string
      const valid = await verifyMessage({
        address: wallet.address,
        message,
        signature: outcome.result,
      })
      expect(valid, `request ${index} got another request's signature`).toBe(true)
      signed++
    } else {
      expect(outcome.error).toBeInstanceOf(RequestTimeoutError)
    }
  }
  return signed
}

describe('faults between a dapp and the test wallet', () => {
  test('behavior: the relay drops a socket 20 times during 200 requests', async () => {
    const texts = Array.from({ length: 200 }, (_, i) => `request ${i}`)
    const before = relay.stats.droppedSockets
    relay.faults.dropSocketAfter(37, 20)
    // One at a time, as a dapp prompts a wallet. With five or more in flight while a socket is
    // down, core 2.21.8 opens a socket per publish (thousands) and stalls for tens of seconds.
    const outcomes = await pool(
      texts.map((text) => () => settle(sign(text), 10_000)),
      1,
    )
    relay.faults.reset()
    expect(relay.stats.droppedSockets - before).toBe(20)
    expect(outcomes).toHaveLength(200)
    // Nothing is lost: the relay keeps unacknowledged deliveries, core republishes.
    expect(await checkAll(texts, outcomes)).toBe(200)
    // 200 round trips one at a time with 20 reconnects: ~20 s alone, more beside other suites
  }, 90_000)

  test('behavior: duplicated and reordered deliveries settle every request once', async () => {
    relay.faults.duplicate(true)
    relay.faults.reorder(true)
    const texts = Array.from({ length: 30 }, (_, i) => `reordered ${i}`)
    const outcomes = await pool(
      texts.map((text) => () => settle(sign(text), 10_000)),
      10,
    )
    relay.faults.reset()
    expect(relay.stats.delivered).toBeGreaterThan(relay.stats.acked)
    expect(await checkAll(texts, outcomes)).toBe(30)
    expect(texts.map((text) => answers.get(sent.get(text) as number))).toEqual(texts.map(() => 1))
  })

  test('behavior: nothing left the machine', () => {
    expect(guard.escapes).toEqual([])
  })
})
