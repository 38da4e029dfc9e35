// @vitest-environment happy-dom
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { FrameDisconnectedError } from '../errors/FrameDisconnectedError'
import { FrameProtocolError } from '../errors/FrameProtocolError'
import { FrameRequestError } from '../errors/FrameRequestError'
import { parseFrameIncoming } from '../schemas/frame'
import { fixtureAddress, nest, validSuccessPayloads } from '../schemas/frame.fixtures'
import { type FrameRequestType, frameRequestTypes } from '../schemas/frameRequests'
import {
  flush,
  frameOrigin,
  type Posted,
  setupFrameClient,
  stubFramePages,
  track,
} from './frameTestHarness'

// Reliability plan A5/A6: random and mutated messages never throw, never leave an unhandled
// rejection, and change nothing unless they are a valid reply to a pending id from the frame.

const poolTypes = [
  'GET_CHAIN_ID',
  'GET_USER',
  'CONNECT_EMAIL',
  'IS_CONNECTED',
  'RPC_REQUEST',
  'UPDATE_EMAIL_SECONDARY_OTP',
  'GET_SMART_ACCOUNT_ENABLED_NETWORKS',
  'SIGN_OUT',
] as const satisfies readonly FrameRequestType[]

const requestPayloads: Partial<Record<FrameRequestType, unknown>> = {
  CONNECT_EMAIL: { email: 'ada@example.com' },
  UPDATE_EMAIL_SECONDARY_OTP: { otp: '123456' },
  RPC_REQUEST: { method: 'eth_call', params: [{ to: fixtureAddress }] },
}

const typeNames = [
  ...frameRequestTypes.flatMap((type) => [`${type}_SUCCESS`, `${type}_ERROR`, type]),
  'SESSION_UPDATE',
  'get_chain_id_success',
  '@w3m-frame/GET_CHAIN_ID_SUCCESS',
  'GET_CHAIN_ID_SUCCESS ',
  'XGET_USER_SUCCESS',
  'GET_USER_SUCCESS_ERROR',
  '__proto__',
  'constructor',
]

type Mutation =
  | { kind: 'none' }
  | { kind: 'error'; message: unknown }
  | { kind: 'dropKey'; key: 'id' | 'type' | 'payload' }
  | { kind: 'extraKey'; key: string; value: unknown }
  | { kind: 'type'; type: string }
  | { kind: 'payload'; value: unknown }
  | { kind: 'field'; key: string; value: unknown }
  | { kind: 'id'; id: string }
  | { kind: 'huge' }
  | { kind: 'deep'; depth: number }

const anything = fc.anything({ withMap: true, withSet: true, withBigInt: true, withDate: true })

const mutationArbitrary: fc.Arbitrary<Mutation> = fc.oneof(
  fc.constant({ kind: 'none' as const }),
  fc.record({ kind: fc.constant('error' as const), message: fc.oneof(fc.string(), anything) }),
  fc.record({
    kind: fc.constant('dropKey' as const),
    key: fc.constantFrom('id' as const, 'type' as const, 'payload' as const),
  }),
  fc.record({ kind: fc.constant('extraKey' as const), key: fc.string(), value: anything }),
  fc.record({
    kind: fc.constant('type' as const),
    type: fc.oneof(fc.constantFrom(...typeNames), fc.string()),
  }),
  fc.record({ kind: fc.constant('payload' as const), value: anything }),
  fc.record({
    kind: fc.constant('field' as const),
    key: fc.oneof(fc.constantFrom('chainId', 'address', 'action', 'result', 'email'), fc.string()),
    value: anything,
  }),
  fc.record({
    kind: fc.constant('id' as const),
    id: fc.oneof(fc.uuid(), fc.string()),
  }),
  fc.constant({ kind: 'huge' as const }),
  fc.record({ kind: fc.constant('deep' as const), depth: fc.integer({ min: 30, max: 1_000 }) }),
)

type Delivery = 'frame' | 'foreignOrigin' | 'lookalikeOrigin' | 'otherWindow' | 'nullSource'

const caseArbitrary = fc.record({
  delivery: fc.constantFrom<Delivery>(
    'frame',
    'frame',
    'frame',
    'foreignOrigin',
    'lookalikeOrigin',
    'otherWindow',
    'nullSource',
  ),
  message: fc.oneof(
    { weight: 1, arbitrary: anything.map((value) => ({ junk: value })) },
    {
      weight: 1,
      arbitrary: fc.json().map((text) => ({ junk: JSON.parse(text) as unknown })),
    },
    {
      weight: 4,
      arbitrary: fc.record({
        target: fc.nat(),
        mutations: fc.array(mutationArbitrary, { maxLength: 3 }),
      }),
    },
  ),
})

function mutate(base: Record<string, unknown>, mutation: Mutation): Record<string, unknown> {
  const message = { ...base }
  switch (mutation.kind) {
    case 'none':
      return message
    case 'error':
      message.type = String(message.type).replace(/_SUCCESS$/, '_ERROR')
      message.payload = { message: mutation.message }
      return message
    case 'dropKey':
      delete message[mutation.key]
      return message
    case 'extraKey':
      Object.defineProperty(message, mutation.key, {
        value: mutation.value,
        enumerable: true,
        configurable: true,
        writable: true,
      })
      return message
    case 'type':
      message.type = mutation.type
      return message
    case 'payload':
      message.payload = mutation.value
      return message
    case 'field': {
      const payload =
        typeof message.payload === 'object' && message.payload !== null
          ? { ...message.payload }
          : {}
      Object.defineProperty(payload, mutation.key, {
        value: mutation.value,
        enumerable: true,
        configurable: true,
        writable: true,
      })
      message.payload = payload
      return message
    }
    case 'id':
      message.id = mutation.id
      return message
    case 'huge':
      message.payload = { result: 'x'.repeat(70_000), chainId: 'y'.repeat(70_000) }
      return message
    case 'deep':
      message.payload = { result: nest(mutation.depth) }
      return message
  }
}

type Entry = { posted: Posted; state: ReturnType<typeof track> }

beforeEach(() => {
  stubFramePages()
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  document.body.innerHTML = ''
})

describe('property: hostile messages', () => {
  test('10,000 random and mutated messages: no throw, no unhandled rejection, no change unless valid', async () => {
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    const windowErrors: unknown[] = []
    const onWindowError = (event: Event) => windowErrors.push(event)
    window.addEventListener('error', onWindowError)

    const harness = setupFrameClient()
    const { client, posted, deliver, makeReady } = harness
    await makeReady()
    const other = document.createElement('iframe')
    other.src = `${frameOrigin}/frame?other=1`
    document.body.appendChild(other)

    const pool = new Map<string, Entry>()
    let next = 0
    function refill() {
      while (pool.size < poolTypes.length) {
        const type = poolTypes[next++ % poolTypes.length] as (typeof poolTypes)[number]
        const before = posted.length
        const promise = client.request(type, requestPayloads[type] as never)
        const message = posted[before]
        if (!message) throw new TypeError('The request was not posted.')
        pool.set(message.id, { posted: message, state: track(promise) })
      }
    }
    refill()

    let runs = 0
    let settledValid = 0
    let settledInvalid = 0
    await fc.assert(
      fc.asyncProperty(caseArbitrary, async ({ delivery, message }) => {
        runs++
        const entries = [...pool.values()]
        let data: unknown
        if ('junk' in message) data = message.junk
        else {
          const target = entries[message.target % entries.length] as Entry
          const type = target.posted.type as FrameRequestType
          const base: Record<string, unknown> = { id: target.posted.id, type: `${type}_SUCCESS` }
          const payload = validSuccessPayloads[type]
          if (payload !== undefined) base.payload = payload
          data = message.mutations.reduce(mutate, base)
        }

        const before = { stats: client.stats, pending: client.pendingCount }
        const source =
          delivery === 'otherWindow'
            ? other.contentWindow
            : delivery === 'nullSource'
              ? null
              : harness.frameWindow
        const origin =
          delivery === 'foreignOrigin'
            ? 'https://evil.example'
            : delivery === 'lookalikeOrigin'
              ? 'https://wallet.example.com.evil.example'
              : frameOrigin
        deliver(data, { origin, source })
        await flush()

        const after = client.stats
        expect(after.handlerErrors).toBe(0)
        expect(after.received).toBe(before.stats.received + 1)

        if (delivery !== 'frame') {
          // Ignored: nothing but the rejection counters moved.
          expect(client.pendingCount).toBe(before.pending)
          for (const entry of entries) expect(entry.state.status).toBe('pending')
          expect({ ...after, received: 0, rejectedOrigin: 0, rejectedSource: 0 }).toEqual({
            ...before.stats,
            received: 0,
            rejectedOrigin: 0,
            rejectedSource: 0,
          })
          return
        }

        // The oracle: which pending request, if any, this message may settle, and how.
        const parsed = parseFrameIncoming(data)
        for (const entry of entries) {
          const { id, type } = entry.posted
          const { status, error } = entry.state
          if (parsed.success && parsed.data.kind === 'event') {
            if (parsed.data.event.type === 'READY') {
              expect(error).toBeInstanceOf(FrameDisconnectedError)
            } else expect(status).toBe('pending')
          } else if (parsed.success && parsed.data.kind !== 'event' && parsed.data.id === id) {
            if (parsed.data.requestType !== type) expect(error).toBeInstanceOf(FrameProtocolError)
            else if (parsed.data.kind === 'error') expect(error).toBeInstanceOf(FrameRequestError)
            else expect(status).toBe('resolved')
          } else if (!parsed.success && parsed.id === id) {
            expect(error).toBeInstanceOf(FrameProtocolError)
          } else expect(status).toBe('pending')

          if (status === 'resolved') settledValid++
          if (status === 'rejected') settledInvalid++
          if (status !== 'pending') pool.delete(id)
        }
        if (parsed.success && parsed.data.kind === 'event' && parsed.data.event.type === 'READY')
          await vi.advanceTimersByTimeAsync(500)
        refill()
      }),
      { numRuns: 10_000 },
    )

    await flush()
    process.off('unhandledRejection', onUnhandled)
    window.removeEventListener('error', onWindowError)
    expect(runs).toBeGreaterThanOrEqual(10_000)
    expect(unhandled).toEqual([])
    expect(windowErrors).toEqual([])
    // The generator reaches both sides of the oracle.
    expect(settledValid).toBeGreaterThan(100)
    expect(settledInvalid).toBeGreaterThan(100)
    expect(client.stats.rejectedOrigin).toBeGreaterThan(1_000)
    client.destroy()
  }, 120_000)
})
