import * as fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  getShowableUri,
  initialWcState,
  isPairingExpired,
  needsFreshUri,
  pairingExpiryMarginMs,
  pairingExpiryMs,
  type WcEvent,
  type WcState,
  wcReducer,
} from './wcReducer'

const uri = `wc:${'a'.repeat(64)}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}`
const wallet = { id: 'metamask', name: 'MetaMask' }

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2025-01-01T00:00:00Z'))
})
afterEach(() => {
  vi.useRealTimers()
})

describe('wcReducer', () => {
  test('default', () => {
    expect(initialWcState()).toEqual({ status: 'disconnected', buffering: false })
    expect(pairingExpiryMs).toBe(240_000)
    expect(pairingExpiryMarginMs).toBe(10_000)
  })

  test('uriReceived: expiry is 4 minutes ahead and the error clears', () => {
    const now = Date.now()
    const failed = wcReducer(initialWcState(), { type: 'failed', message: 'boom' })
    const state = wcReducer(failed, { type: 'uriReceived', uri, now })
    expect(state).toEqual({
      status: 'disconnected',
      buffering: false,
      wcUri: uri,
      wcPairingExpiry: now + 240_000,
      wcError: undefined,
    })
  })

  test('connecting: status, linking and recent wallet', () => {
    let state = wcReducer(initialWcState(), { type: 'uriReceived', uri, now: Date.now() })
    state = wcReducer(state, {
      type: 'connecting',
      linking: { name: 'MetaMask', href: 'metamask://' },
      wallet,
    })
    expect(state).toMatchObject({
      status: 'connecting',
      wcUri: uri,
      wcLinking: { name: 'MetaMask', href: 'metamask://' },
      recentWallet: wallet,
    })
    expect(wcReducer(state, { type: 'connecting' }).wcLinking).toEqual(state.wcLinking)
  })

  test('behavior: connecting, then connected (SPEC §4) spends the URI', () => {
    let state = wcReducer(initialWcState(), { type: 'uriReceived', uri, now: Date.now() })
    state = wcReducer(state, { type: 'connecting', wallet })
    state = wcReducer(state, { type: 'buffering', buffering: true })
    state = wcReducer(state, { type: 'connected' })
    expect(state).toEqual({
      status: 'connected',
      buffering: false,
      wcUri: undefined,
      wcPairingExpiry: undefined,
      wcError: undefined,
      recentWallet: wallet,
    })
    expect(needsFreshUri(state, Date.now())).toBe(false)
  })

  test('behavior: a rejected proposal shows the error and needs a fresh URI at once', () => {
    const now = Date.now()
    let state = wcReducer(initialWcState(), { type: 'uriReceived', uri, now })
    state = wcReducer(state, { type: 'connecting' })
    expect(needsFreshUri(state, now)).toBe(false)
    state = wcReducer(state, { type: 'proposalRejected', message: 'User rejected.' })
    expect(state).toMatchObject({
      status: 'disconnected',
      wcError: 'User rejected.',
      wcUri: undefined,
    })
    expect(needsFreshUri(state, now)).toBe(true)
    expect(getShowableUri(state, now)).toBeUndefined()
    // the fresh URI clears the error
    expect(wcReducer(state, { type: 'uriReceived', uri, now }).wcError).toBeUndefined()
  })

  test('behavior: disconnected clears the attempt and keeps the recent wallet; reset clears all', () => {
    let state = wcReducer(initialWcState(), { type: 'uriReceived', uri, now: Date.now() })
    state = wcReducer(state, { type: 'connecting', wallet, linking: { name: 'x', href: 'x://' } })
    state = wcReducer(state, { type: 'connected' })
    const disconnected = wcReducer(state, { type: 'disconnected' })
    expect(disconnected).toEqual({ status: 'disconnected', buffering: false, recentWallet: wallet })
    expect(wcReducer(disconnected, { type: 'reset' })).toEqual(initialWcState())
  })

  test('buffering: same value keeps the state object', () => {
    const state = initialWcState()
    expect(wcReducer(state, { type: 'buffering', buffering: false })).toBe(state)
  })
})

describe('pairing expiry (fake timers)', () => {
  test('behavior: counts as expired with 10 s or less left', () => {
    const state = wcReducer(initialWcState(), { type: 'uriReceived', uri, now: Date.now() })
    expect(isPairingExpired(state, Date.now())).toBe(false)
    vi.advanceTimersByTime(pairingExpiryMs - pairingExpiryMarginMs - 1)
    expect(isPairingExpired(state, Date.now())).toBe(false)
    expect(getShowableUri(state, Date.now())).toBe(uri)
    vi.advanceTimersByTime(1)
    expect(isPairingExpired(state, Date.now())).toBe(true)
    expect(needsFreshUri(state, Date.now())).toBe(true)
    expect(getShowableUri(state, Date.now())).toBeUndefined()
  })

  test('behavior: a URI that expires while shown is replaced by the next one', () => {
    let state = wcReducer(initialWcState(), { type: 'uriReceived', uri, now: Date.now() })
    vi.advanceTimersByTime(pairingExpiryMs)
    expect(needsFreshUri(state, Date.now())).toBe(true)
    const fresh = uri.replace('a'.repeat(64), 'c'.repeat(64))
    state = wcReducer(state, { type: 'uriReceived', uri: fresh, now: Date.now() })
    expect(getShowableUri(state, Date.now())).toBe(fresh)
  })

  test('behavior: no URI is always expired', () => {
    expect(isPairingExpired(initialWcState(), Date.now())).toBe(true)
  })
})

describe('properties', () => {
  const eventArb: fc.Arbitrary<WcEvent> = fc.oneof(
    fc.record({ type: fc.constant('uriReceived' as const), uri: fc.constant(uri), now: fc.nat() }),
    fc.constant({ type: 'connecting' as const }),
    fc.record({ type: fc.constant('buffering' as const), buffering: fc.boolean() }),
    fc.record({ type: fc.constant('proposalRejected' as const), message: fc.string() }),
    fc.record({ type: fc.constant('failed' as const), message: fc.string() }),
    fc.constant({ type: 'connected' as const }),
    fc.constant({ type: 'disconnected' as const }),
    fc.constant({ type: 'reset' as const }),
  )

  test('property: a shown URI always has more than 10 s left; connected never holds a URI', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 30 }), fc.nat(), (events, now) => {
        const state = events.reduce<WcState>(wcReducer, initialWcState())
        const shown = getShowableUri(state, now)
        if (shown !== undefined) expect((state.wcPairingExpiry ?? 0) - now).toBeGreaterThan(10_000)
        if (state.status === 'connected') expect(state.wcUri).toBeUndefined()
        if (state.wcError !== undefined) expect(needsFreshUri(state, now)).toBe(true)
      }),
    )
  })
})
