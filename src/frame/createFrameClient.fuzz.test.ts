// @vitest-environment happy-dom
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  fixtureAddress,
  invalidSuccessPayloads,
  nest,
  validSuccessPayloads,
} from '../../test/harness/frame.fixtures'
import {
  flush,
  frameOrigin,
  type Posted,
  setupFrameClient,
  stubFramePages,
  track,
} from '../../test/harness/frameTestHarness'
import { FrameDisconnectedError } from '../errors/FrameDisconnectedError'
import { FrameProtocolError } from '../errors/FrameProtocolError'
import { FrameRequestError } from '../errors/FrameRequestError'
import { type FrameRequestType, frameRequestTypes } from '../schemas/frameRequests'

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

// Every message is built to be one thing, and the oracle judges the client by that construction
// alone (never by the schemas under test): a valid success or error reply to a pending id (from
// the fixtures), a valid reply of another request type, a reply that breaks exactly one rule of
// SPEC §7–8 (hand-written bad payloads, a key outside id/type/payload, a type that is no reply,
// 1 MB strings, nesting deeper than 32), a reply to an id nobody waits for, READY, or junk.

const eventNames = new Set(['READY', 'SESSION_UPDATE', 'APPROVAL_REQUESTED', 'APPROVAL_SETTLED'])
const replyNames = new Set(
  frameRequestTypes.flatMap((type) => [`${type}_SUCCESS`, `${type}_ERROR`]),
)
const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** What a message was built to be. */
type Recipe =
  | { kind: 'success'; target: number }
  | { kind: 'error'; target: number; message: string; code?: number }
  | { kind: 'otherType'; target: number; other: number }
  | { kind: 'badPayload'; target: number; entry: number }
  | { kind: 'extraKey'; target: number; key: string; value: unknown }
  | { kind: 'badType'; target: number; type: string }
  | { kind: 'dropType'; target: number }
  | { kind: 'huge'; target: number }
  | { kind: 'deep'; target: number; depth: number }
  | { kind: 'unknownId'; target: number; id: string }
  | { kind: 'badId'; target: number; id: string }
  | { kind: 'ready' }
  | { kind: 'junk'; value: unknown }

const anything = fc.anything({ withMap: true, withSet: true, withBigInt: true, withDate: true })

const recipeArbitrary: fc.Arbitrary<Recipe> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('success' as const), target: fc.nat() }),
  },
  {
    weight: 2,
    arbitrary: fc.record(
      {
        kind: fc.constant('error' as const),
        target: fc.nat(),
        message: fc.string({ maxLength: 200 }),
        code: fc.integer({ min: -2_147_483_648, max: 2_147_483_647 }),
      },
      { requiredKeys: ['kind', 'target', 'message'] },
    ),
  },
  fc.record({ kind: fc.constant('otherType' as const), target: fc.nat(), other: fc.nat() }),
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('badPayload' as const),
      target: fc.nat(),
      entry: fc.nat(),
    }),
  },
  fc.record({
    kind: fc.constant('extraKey' as const),
    target: fc.nat(),
    key: fc.oneof(
      fc.constantFrom('__proto__', 'constructor', 'token', 'origin'),
      fc.string({ minLength: 1 }).filter((key) => !['id', 'type', 'payload'].includes(key)),
    ),
    value: fc.jsonValue(),
  }),
  fc.record({
    kind: fc.constant('badType' as const),
    target: fc.nat(),
    type: fc
      .oneof(fc.constantFrom(...typeNames), fc.string())
      .filter((type) => !replyNames.has(type) && !eventNames.has(type)),
  }),
  fc.record({ kind: fc.constant('dropType' as const), target: fc.nat() }),
  fc.record({ kind: fc.constant('huge' as const), target: fc.nat() }),
  fc.record({
    kind: fc.constant('deep' as const),
    target: fc.nat(),
    depth: fc.integer({ min: 40, max: 1_000 }),
  }),
  fc.record({ kind: fc.constant('unknownId' as const), target: fc.nat(), id: fc.uuid() }),
  fc.record({
    kind: fc.constant('badId' as const),
    target: fc.nat(),
    id: fc.string().filter((id) => !uuidShape.test(id)),
  }),
  fc.constant({ kind: 'ready' as const }),
  {
    weight: 2,
    arbitrary: fc.oneof(
      anything.map((value) => ({ kind: 'junk' as const, value })),
      fc.json().map((text) => ({ kind: 'junk' as const, value: JSON.parse(text) as unknown })),
    ),
  },
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
  recipe: recipeArbitrary,
})

/** How the message must end the pending requests, by construction. */
type Expected =
  | { settles: 'none' }
  | { settles: 'all'; error: typeof FrameDisconnectedError }
  | {
      settles: 'target'
      id: string
      outcome: 'resolved' | typeof FrameRequestError | typeof FrameProtocolError
    }

function reply(id: string, type: string, payload: unknown): Record<string, unknown> {
  const message: Record<string, unknown> = { id, type }
  if (payload !== undefined) message.payload = payload
  return message
}

function build(
  recipe: Recipe,
  entries: Entry[],
  pending: Set<string>,
): { data: unknown; expected: Expected } {
  if (recipe.kind === 'ready')
    return {
      data: { type: 'READY', payload: { version: '0.1.0' } },
      expected: { settles: 'all', error: FrameDisconnectedError },
    }
  if (recipe.kind === 'junk') return { data: recipe.value, expected: { settles: 'none' } }
  const target = entries[recipe.target % entries.length] as Entry
  const { id } = target.posted
  const type = target.posted.type as FrameRequestType
  const success = `${type}_SUCCESS`
  const valid = validSuccessPayloads[type]
  const protocol = { settles: 'target', id, outcome: FrameProtocolError } as const
  switch (recipe.kind) {
    case 'success':
      return {
        data: reply(id, success, valid),
        expected: { settles: 'target', id, outcome: 'resolved' },
      }
    case 'error': {
      const payload: Record<string, unknown> = { message: recipe.message }
      if (recipe.code !== undefined) payload.code = recipe.code
      return {
        data: reply(id, `${type}_ERROR`, payload),
        expected: { settles: 'target', id, outcome: FrameRequestError },
      }
    }
    case 'otherType': {
      const others = poolTypes.filter((other) => other !== type)
      const other = others[recipe.other % others.length] as FrameRequestType
      return {
        data: reply(id, `${other}_SUCCESS`, validSuccessPayloads[other]),
        expected: protocol,
      }
    }
    case 'badPayload': {
      const entries = invalidSuccessPayloads[type]
      const [, payload] = entries[recipe.entry % entries.length] as [string, unknown]
      return { data: reply(id, success, payload), expected: protocol }
    }
    case 'extraKey': {
      const data = reply(id, success, valid)
      Object.defineProperty(data, recipe.key, {
        value: recipe.value,
        enumerable: true,
        configurable: true,
        writable: true,
      })
      return { data, expected: protocol }
    }
    case 'badType':
      return { data: reply(id, recipe.type, valid), expected: protocol }
    case 'dropType':
      return { data: { id, payload: valid ?? {} }, expected: protocol }
    case 'huge':
      return { data: reply(id, success, { result: 'x'.repeat(1024 * 1024) }), expected: protocol }
    case 'deep':
      return { data: reply(id, success, { result: nest(recipe.depth) }), expected: protocol }
    case 'unknownId':
      return {
        data: reply(recipe.id, success, valid),
        expected: pending.has(recipe.id)
          ? { settles: 'target', id: recipe.id, outcome: 'resolved' }
          : { settles: 'none' },
      }
    case 'badId':
      return { data: reply(recipe.id, success, valid), expected: { settles: 'none' } }
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
      fc.asyncProperty(caseArbitrary, async ({ delivery, recipe }) => {
        runs++
        const entries = [...pool.values()]
        const { data, expected } = build(recipe, entries, new Set(pool.keys()))

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

        // The oracle: the construction says which pending request this message settles, and how.
        for (const entry of entries) {
          const { id } = entry.posted
          const { status, error } = entry.state
          if (expected.settles === 'all') expect(error).toBeInstanceOf(expected.error)
          else if (expected.settles === 'target' && expected.id === id) {
            if (expected.outcome === 'resolved') expect(status).toBe('resolved')
            else expect(error).toBeInstanceOf(expected.outcome)
          } else expect(status).toBe('pending')

          if (status === 'resolved') settledValid++
          if (status === 'rejected') settledInvalid++
          if (status !== 'pending') pool.delete(id)
        }
        if (expected.settles === 'all') await vi.advanceTimersByTimeAsync(500)
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
