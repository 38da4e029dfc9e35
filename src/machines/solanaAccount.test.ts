import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  initialSolanaAccountState,
  type SolanaAccountEvent,
  type SolanaAccountState,
  solanaAccountReducer,
} from './solanaAccount'

const a = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
const b = 'So11111111111111111111111111111111111111112'
const declined = Object.assign(new Error('User rejected the request.'), { code: 4001 })

function run(events: SolanaAccountEvent[], state = initialSolanaAccountState('devnet')) {
  return events.reduce(solanaAccountReducer, state)
}

describe('solanaAccountReducer', () => {
  test('default: disconnected on the given cluster', () => {
    expect(initialSolanaAccountState('devnet')).toEqual({
      status: 'disconnected',
      wallet: undefined,
      address: undefined,
      addresses: [],
      cluster: 'devnet',
      attempt: 0,
      error: undefined,
    })
  })

  test('behavior: connect → connected with the first account', () => {
    const connecting = run([{ type: 'connect', wallet: 'Phantom' }])
    expect(connecting).toMatchObject({ status: 'connecting', wallet: 'Phantom', attempt: 1 })
    expect(run([{ type: 'connected', attempt: 1, addresses: [a, b] }], connecting)).toMatchObject({
      status: 'connected',
      wallet: 'Phantom',
      address: a,
      addresses: [a, b],
    })
  })

  test('behavior: a declined connect is disconnected with the error', () => {
    const state = run([
      { type: 'connect', wallet: 'Phantom' },
      { type: 'failed', attempt: 1, error: declined },
    ])
    expect(state).toMatchObject({ status: 'disconnected', wallet: undefined, error: declined })
    // The next connect clears it.
    expect(run([{ type: 'connect', wallet: 'Phantom' }], state).error).toBe(undefined)
  })

  test('behavior: a silent reconnect that fails shows no error', () => {
    const state = run([
      { type: 'reconnect', wallet: 'Phantom' },
      { type: 'failed', attempt: 1, error: declined },
    ])
    expect(state).toMatchObject({ status: 'disconnected', error: undefined })
  })

  test('behavior: a wallet answering with no accounts is disconnected', () => {
    const state = run([
      { type: 'reconnect', wallet: 'Phantom' },
      { type: 'connected', attempt: 1, addresses: [] },
    ])
    expect(state).toMatchObject({ status: 'disconnected', wallet: undefined, address: undefined })
  })

  test('behavior: a reconnect is ignored unless disconnected', () => {
    const connected = run([
      { type: 'connect', wallet: 'Phantom' },
      { type: 'connected', attempt: 1, addresses: [a] },
    ])
    expect(solanaAccountReducer(connected, { type: 'reconnect', wallet: 'Other' })).toBe(connected)
  })

  test('behavior: results of a superseded or cancelled attempt are dropped', () => {
    const second = run([
      { type: 'connect', wallet: 'Phantom' },
      { type: 'connect', wallet: 'Solflare' },
    ])
    expect(run([{ type: 'connected', attempt: 1, addresses: [a] }], second)).toBe(second)
    const cancelled = run([{ type: 'connect', wallet: 'Phantom' }, { type: 'disconnect' }])
    expect(cancelled.status).toBe('disconnected')
    expect(run([{ type: 'connected', attempt: 1, addresses: [a] }], cancelled)).toBe(cancelled)
  })

  test('behavior: accounts change keeps the active one while the wallet still has it', () => {
    const connected = run([
      { type: 'connect', wallet: 'Phantom' },
      { type: 'connected', attempt: 1, addresses: [a] },
    ])
    const both = run([{ type: 'accountsChanged', addresses: [b, a] }], connected)
    expect(both).toMatchObject({ address: a, addresses: [a, b] })
    expect(run([{ type: 'accountsChanged', addresses: [b] }], both)).toMatchObject({
      status: 'connected',
      address: b,
    })
    expect(run([{ type: 'accountsChanged', addresses: [] }], both)).toMatchObject({
      status: 'disconnected',
      wallet: undefined,
    })
  })

  test('behavior: the cluster survives connects and disconnects', () => {
    const state = run([
      { type: 'clusterChanged', cluster: 'mainnet' },
      { type: 'connect', wallet: 'Phantom' },
      { type: 'connected', attempt: 1, addresses: [a] },
      { type: 'disconnect' },
    ])
    expect(state).toMatchObject({ status: 'disconnected', cluster: 'mainnet' })
  })

  test('behavior: invariants hold after any sequence of events', () => {
    const address = fc.constantFrom(a, b)
    const event: fc.Arbitrary<SolanaAccountEvent> = fc.oneof(
      fc.record({ type: fc.constant('connect' as const), wallet: fc.constantFrom('P', 'S') }),
      fc.record({ type: fc.constant('reconnect' as const), wallet: fc.constantFrom('P', 'S') }),
      fc.record({
        type: fc.constant('connected' as const),
        attempt: fc.nat(6),
        addresses: fc.uniqueArray(address, { maxLength: 2 }),
      }),
      fc.record({
        type: fc.constant('failed' as const),
        attempt: fc.nat(6),
        error: fc.constant(declined),
      }),
      fc.record({
        type: fc.constant('accountsChanged' as const),
        addresses: fc.uniqueArray(address, { maxLength: 2 }),
      }),
      fc.constant({ type: 'disconnect' as const }),
      fc.record({
        type: fc.constant('clusterChanged' as const),
        cluster: fc.constantFrom('devnet', 'mainnet'),
      }),
    )
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (events) => {
        let state: SolanaAccountState = initialSolanaAccountState('devnet')
        for (const next of events) {
          const after = solanaAccountReducer(state, next)
          expect(after.attempt).toBeGreaterThanOrEqual(state.attempt)
          state = after
          expect(state.status === 'connected').toBe(state.address !== undefined)
          expect(state.addresses[0]).toBe(state.address)
          expect(state.status === 'disconnected').toBe(state.wallet === undefined)
          if (state.error) expect(state.status).toBe('disconnected')
        }
      }),
    )
  })
})
