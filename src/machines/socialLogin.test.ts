import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { BaseError } from '../errors/base'
import {
  initialSocialLoginState,
  type SocialLoginEvent,
  type SocialLoginState,
  socialLoginReducer,
} from './socialLogin'

function run(events: SocialLoginEvent[], state = initialSocialLoginState()): SocialLoginState {
  let current = state
  for (const event of events) current = socialLoginReducer(current, event)
  return current
}

const start = { type: 'start', provider: 'google', blocked: false } as const

describe('socialLoginReducer', () => {
  test('default: start, at the provider, the result, connected with the username', () => {
    expect(
      run([
        start,
        { type: 'authorizing', attempt: 1 },
        { type: 'resultReceived', attempt: 1 },
        { type: 'connected', attempt: 1, userName: 'alice' },
      ]),
    ).toEqual({
      status: 'connected',
      provider: 'google',
      popupClosed: false,
      userName: 'alice',
      error: undefined,
      attempt: 1,
    })
  })

  test('behavior: a refused popup is blocked; a start again (the retry click) begins a new attempt', () => {
    const blocked = run([{ ...start, blocked: true }])
    expect(blocked).toMatchObject({ status: 'blocked', attempt: 1 })
    expect(run([start], blocked)).toMatchObject({ status: 'starting', attempt: 2 })
  })

  test('behavior: a closed popup only offers a retry: the login stays completable', () => {
    const closed = run([
      start,
      { type: 'authorizing', attempt: 1 },
      { type: 'popupClosed', attempt: 1 },
    ])
    expect(closed).toMatchObject({ status: 'authorizing', popupClosed: true })
    expect(run([{ type: 'resultReceived', attempt: 1 }], closed)).toMatchObject({
      status: 'connecting',
      popupClosed: false,
    })
  })

  test('behavior: declined and failed logins say so; results of older attempts are dropped', () => {
    const error = new BaseError('boom')
    expect(run([start, { type: 'cancelled', attempt: 1 }]).status).toBe('cancelled')
    expect(run([start, { type: 'failed', error, attempt: 1 }])).toMatchObject({
      status: 'error',
      error,
    })
    const second = run([start, start])
    expect(run([{ type: 'failed', error, attempt: 1 }], second)).toBe(second)
    expect(run([{ type: 'resultReceived', attempt: 1 }], second)).toBe(second)
  })

  test('behavior: no start over a login being redeemed; reset drops what is in flight', () => {
    const connecting = run([start, { type: 'resultReceived', attempt: 1 }])
    expect(run([start], connecting)).toBe(connecting)
    const reset = run([{ type: 'reset' }], connecting)
    expect(reset).toMatchObject({ status: 'idle', provider: undefined, attempt: 2 })
    expect(run([{ type: 'connected', attempt: 1 }], reset)).toBe(reset)
  })

  test('property: every state keeps a known status and a growing attempt', () => {
    const event: fc.Arbitrary<SocialLoginEvent> = fc.oneof(
      fc.record({
        type: fc.constant('start' as const),
        provider: fc.constantFrom('google', 'github' as const),
        blocked: fc.boolean(),
      }),
      ...(['authorizing', 'popupClosed', 'resultReceived', 'cancelled'] as const).map((type) =>
        fc.record({ type: fc.constant(type), attempt: fc.nat(4) }),
      ),
      fc.record({ type: fc.constant('connected' as const), attempt: fc.nat(4) }),
      fc.constant({ type: 'failed' as const, error: new BaseError('x'), attempt: 1 }),
      fc.constant({ type: 'reset' as const }),
    )
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (events) => {
        let state = initialSocialLoginState()
        for (const next of events) {
          const after = socialLoginReducer(state, next)
          expect(after.attempt).toBeGreaterThanOrEqual(state.attempt)
          if (after.status === 'error') expect(after.error).toBeInstanceOf(BaseError)
          if (after.status !== 'idle') expect(after.provider).toBeDefined()
          state = after
        }
      }),
    )
  })
})
