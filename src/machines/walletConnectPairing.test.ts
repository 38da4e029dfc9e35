import fc from 'fast-check'
import { UserRejectedRequestError } from 'viem'
import { describe, expect, test } from 'vitest'
import { MissingPeerDependencyError } from '../errors/MissingPeerDependencyError'
import { WalletConnectPairingReplacedError } from '../errors/WalletConnectPairingReplacedError'
import {
  initialPairingState,
  isPairingExpired,
  type PairingEvent,
  type PairingState,
  pairingExpiryMarginMs,
  pairingExpiryMs,
  walletConnectPairingReducer as reducer,
} from './walletConnectPairing'

const uri1 = `wc:${'1'.repeat(64)}@2?relay-protocol=irn&symKey=${'a'.repeat(64)}`
const uri2 = `wc:${'2'.repeat(64)}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}`
const t0 = 1_700_000_000_000
const rejection = new UserRejectedRequestError(new Error('User rejected.'))
const relayDown = new MissingPeerDependencyError({
  packageName: '@walletconnect/universal-provider',
})

const run = (events: PairingEvent[], from: PairingState = initialPairingState()) =>
  events.reduce(reducer, from)
const showing = () =>
  run([
    { type: 'shown', request: true },
    { type: 'uriReceived', uri: uri1, now: t0 },
  ])

describe('walletConnectPairingReducer', () => {
  test('default', () => {
    expect(initialPairingState()).toEqual({
      status: 'idle',
      attempt: 0,
      shown: false,
      uri: undefined,
      expiresAt: undefined,
      rejection: undefined,
      error: undefined,
    })
    expect(pairingExpiryMs).toBe(240_000)
    expect(pairingExpiryMarginMs).toBe(10_000)
  })

  test('shown: asks for a URI once; StrictMode shown → hidden → shown joins it', () => {
    const state = run([
      { type: 'shown', request: true },
      { type: 'hidden' },
      { type: 'shown', request: true },
    ])
    expect(state).toMatchObject({ status: 'pairing', attempt: 1, shown: true })
    expect(run([{ type: 'shown', request: false }])).toMatchObject({ status: 'idle', attempt: 0 })
  })

  test('uriReceived: shown with an expiry 4 minutes ahead', () => {
    expect(showing()).toMatchObject({ uri: uri1, expiresAt: t0 + 240_000, status: 'pairing' })
    expect(isPairingExpired(showing(), t0 + 240_000 - 10_001)).toBe(false)
    expect(isPairingExpired(showing(), t0 + 240_000 - 10_000)).toBe(true)
    expect(isPairingExpired(initialPairingState(), t0)).toBe(true)
  })

  test('behavior: an expired URI is dropped and a fresh attempt starts; a stale expiry changes nothing', () => {
    const expired = reducer(showing(), { type: 'expired', uri: uri1 })
    expect(expired).toMatchObject({ status: 'pairing', attempt: 2, uri: undefined })
    // the old attempt ends replaced: nothing shown
    const replaced = new WalletConnectPairingReplacedError()
    expect(reducer(expired, { type: 'failed', attempt: 1, error: replaced })).toBe(expired)
    const fresh = reducer(expired, { type: 'uriReceived', uri: uri2, now: t0 + 230_001 })
    expect(reducer(fresh, { type: 'expired', uri: uri1 })).toBe(fresh)
    expect(fresh).toMatchObject({ uri: uri2, error: undefined, rejection: undefined })
  })

  test('behavior: rejection → a fresh URI at once, the rejection kept beside it until retry', () => {
    const rejected = reducer(showing(), { type: 'failed', attempt: 1, error: rejection })
    expect(rejected).toMatchObject({
      status: 'pairing',
      attempt: 2,
      uri: undefined,
      rejection,
      error: undefined,
    })
    const fresh = reducer(rejected, { type: 'uriReceived', uri: uri2, now: t0 })
    expect(fresh).toMatchObject({ uri: uri2, rejection })
    expect(reducer(fresh, { type: 'retry' })).toMatchObject({
      attempt: 3,
      uri: undefined,
      rejection: undefined,
    })
  })

  test('behavior: a failure other than a rejection halts until retry', () => {
    const failed = run([
      { type: 'shown', request: true },
      { type: 'failed', attempt: 1, error: relayDown },
    ])
    expect(failed).toMatchObject({ status: 'failed', error: relayDown, uri: undefined, attempt: 1 })
    // a late URI is not shown beside the error
    expect(reducer(failed, { type: 'uriReceived', uri: uri1, now: t0 })).toBe(failed)
    expect(reducer(failed, { type: 'retry' })).toMatchObject({
      status: 'pairing',
      attempt: 2,
      error: undefined,
    })
  })

  test('approved: the URI is spent; results of older attempts and stray URIs are ignored', () => {
    const approved = reducer(showing(), { type: 'approved', attempt: 1 })
    expect(approved).toMatchObject({ status: 'approved', uri: undefined, expiresAt: undefined })
    expect(reducer(approved, { type: 'uriReceived', uri: uri2, now: t0 })).toBe(approved)
    expect(reducer(approved, { type: 'failed', attempt: 1, error: rejection })).toBe(approved)
    expect(reducer(approved, { type: 'retry' })).toBe(approved)
    const retried = reducer(showing(), { type: 'retry' })
    expect(reducer(retried, { type: 'approved', attempt: 1 })).toBe(retried)
  })

  test('sessionEnded: a shown pairing asks for a fresh URI; otherwise it is idle', () => {
    const approved = reducer(showing(), { type: 'approved', attempt: 1 })
    expect(reducer(approved, { type: 'sessionEnded' })).toMatchObject({
      status: 'pairing',
      attempt: 2,
    })
    const hidden = reducer(approved, { type: 'hidden' })
    expect(reducer(hidden, { type: 'sessionEnded' })).toMatchObject({ status: 'idle' })
    expect(reducer(showing(), { type: 'sessionEnded' })).toEqual(showing())
  })

  test('behavior: nothing is asked for on behalf of a hidden view', () => {
    const hidden = reducer(showing(), { type: 'hidden' })
    expect(reducer(hidden, { type: 'expired', uri: uri1 })).toMatchObject({
      status: 'idle',
      attempt: 1,
      uri: undefined,
    })
    expect(reducer(hidden, { type: 'failed', attempt: 1, error: rejection })).toMatchObject({
      status: 'idle',
      attempt: 1,
      rejection,
    })
  })

  test('property: a new attempt only starts from a settled or idle pairing or by an explicit event, and no state is shown connected', () => {
    const event = fc.oneof(
      fc.constantFrom<PairingEvent>(
        { type: 'shown', request: true },
        { type: 'shown', request: false },
        { type: 'hidden' },
        { type: 'retry' },
        { type: 'sessionEnded' },
        { type: 'expired', uri: uri1 },
        { type: 'uriReceived', uri: uri1, now: t0 },
      ),
      fc
        .integer({ min: 0, max: 5 })
        .map((attempt): PairingEvent => ({ type: 'approved', attempt })),
      fc
        .tuple(fc.integer({ min: 0, max: 5 }), fc.constantFrom(rejection, relayDown))
        .map(([attempt, error]): PairingEvent => ({ type: 'failed', attempt, error })),
    )
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (events) => {
        let state = initialPairingState()
        for (const e of events) {
          const next = reducer(state, e)
          if (next.attempt !== state.attempt) {
            expect(next.attempt).toBe(state.attempt + 1)
            expect(next.status).toBe('pairing')
            expect(next.uri).toBeUndefined()
          }
          // results for an older attempt never change anything
          if ((e.type === 'approved' || e.type === 'failed') && e.attempt !== state.attempt)
            expect(next).toBe(state)
          // a URI is only ever held while pairing
          if (next.uri !== undefined) expect(next.status).toBe('pairing')
          state = next
        }
      }),
    )
  })
})
