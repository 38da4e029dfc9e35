import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { SignMessageFailedError } from '../errors/SignMessageFailedError'
import type { CaipNetworkId } from '../networks'
import type { SiwxSession } from '../siwx/types'
import { type SiwxEvent, type SiwxState, siwxReducer } from './siwx'
import { initialSiwxState } from './siwxInitialState'

const a = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const b = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

function session(address: string, chainId: CaipNetworkId = 'eip155:1'): SiwxSession {
  return {
    data: {
      accountAddress: address,
      chainId,
      domain: 'dapp.test',
      uri: 'https://dapp.test',
      version: '1',
      nonce: 'abcdefgh',
      issuedAt: '2025-01-01T00:00:00Z',
    },
    message: `signed by ${address}`,
    signature: '0x01',
  }
}

function run(events: SiwxEvent[], state: SiwxState = initialSiwxState()): SiwxState[] {
  const states = [state]
  for (const event of events)
    states.push(siwxReducer(states[states.length - 1] as SiwxState, event))
  return states
}
const last = (states: SiwxState[]) => states[states.length - 1] as SiwxState
const connect = (
  address = a,
  chainId: CaipNetworkId = 'eip155:1',
  supported = true,
): SiwxEvent => ({ type: 'connected', address, chainId, supported })

describe('siwxReducer', () => {
  test('default', () => {
    expect(initialSiwxState()).toMatchObject({
      status: 'idle',
      prompt: false,
      closeBlocked: false,
      required: false,
      signOutOnDisconnect: true,
    })
  })

  test('behavior: connect on a supported network with no session opens the sign view', () => {
    const state = last(run([connect()]))
    expect(state).toMatchObject({
      status: 'needsSignature',
      prompt: true,
      promptId: 1,
      closeBlocked: false,
    })
  })

  test('behavior: connect with a stored session signs in without a prompt', () => {
    const state = last(run([{ ...connect(), session: session(a) } as SiwxEvent]))
    expect(state).toMatchObject({ status: 'signedIn', prompt: false, promptId: 0 })
  })

  test('behavior: signOutRequested revokes the session; required also disconnects', () => {
    const signedIn = [{ ...connect(), session: session(a) } as SiwxEvent]
    const optional = last(run([...signedIn, { type: 'signOutRequested' }]))
    expect(optional).toMatchObject({
      status: 'idle',
      session: undefined,
      prompt: false,
      shouldDisconnect: false,
      signOuts: [{ chainId: 'eip155:1', address: a }],
    })
    const required = last(
      run([...signedIn, { type: 'signOutRequested' }], initialSiwxState({ required: true })),
    )
    expect(required).toMatchObject({ session: undefined, shouldDisconnect: true })
    // nothing to sign out: unchanged
    const idle = initialSiwxState()
    expect(siwxReducer(idle, { type: 'signOutRequested' })).toBe(idle)
  })

  test('behavior: no prompt on an unsupported network', () => {
    expect(last(run([connect(a, 'eip155:999', false)]))).toMatchObject({
      status: 'idle',
      prompt: false,
      promptId: 0,
    })
    const states = run([connect(a, 'eip155:999', false), { type: 'signRequested' }])
    expect(last(states).status).toBe('idle')
  })

  test('behavior: signing stores the session, closes and records success', () => {
    const states = run([connect(), { type: 'signRequested' }])
    const signing = last(states)
    expect(signing).toMatchObject({ status: 'signing', prompt: true })
    const done = siwxReducer(signing, {
      type: 'signed',
      session: session(a),
      attempt: signing.attempt,
    })
    expect(done).toMatchObject({
      status: 'signedIn',
      prompt: false,
      result: 'success',
      session: session(a),
    })
    expect(siwxReducer(done, { type: 'setRequired', required: true }).result).toBeUndefined()
  })

  test('behavior: failure reopens the view with the error; retry is possible', () => {
    const signing = last(run([connect(), { type: 'signRequested' }]))
    const error = new SignMessageFailedError()
    const failed = siwxReducer(signing, { type: 'failed', error, attempt: signing.attempt })
    expect(failed).toMatchObject({ status: 'error', prompt: true, error, result: 'error' })
    expect(siwxReducer(failed, { type: 'signRequested' })).toMatchObject({
      status: 'signing',
      error: undefined,
    })
  })

  test('behavior: a message that cannot be made shows the error at once (no endless preparing)', () => {
    const prompted = last(run([connect()]))
    expect(prompted.status).toBe('needsSignature')
    const error = new SignMessageFailedError()
    const stale = { type: 'prepareFailed' as const, error, promptId: prompted.promptId + 1 }
    expect(siwxReducer(prompted, stale)).toBe(prompted)
    const failed = siwxReducer(prompted, {
      type: 'prepareFailed',
      error,
      promptId: prompted.promptId,
    })
    expect(failed).toMatchObject({ status: 'error', prompt: true, error, result: 'error' })
    // only a prompt still waiting for its message: a signing attempt keeps its own outcome
    const signing = siwxReducer(prompted, { type: 'signRequested' })
    expect(siwxReducer(signing, { type: 'prepareFailed', error, promptId: signing.promptId })).toBe(
      signing,
    )
    expect(siwxReducer(failed, { type: 'signRequested' })).toMatchObject({ status: 'signing' })
  })

  test('behavior: cancel closes and resets to Connect; when required it also disconnects', () => {
    const optional = last(run([connect(), { type: 'cancelled' }]))
    expect(optional).toMatchObject({
      status: 'idle',
      prompt: false,
      shouldDisconnect: false,
      resetToConnect: true,
      result: 'cancelled',
    })
    const required = last(
      run(
        [connect(), { type: 'signRequested' }, { type: 'cancelled' }],
        initialSiwxState({ required: true }),
      ),
    )
    expect(required).toMatchObject({
      status: 'idle',
      prompt: false,
      shouldDisconnect: true,
      resetToConnect: true,
    })
    // The one-shot outputs last one event.
    expect(siwxReducer(required, { type: 'disconnected' })).toMatchObject({
      shouldDisconnect: false,
      resetToConnect: false,
    })
  })

  test('behavior: cancel while re-signing keeps the session in hand', () => {
    const signedIn = last(
      run(
        [
          { ...connect(), session: session(a) } as SiwxEvent,
          { type: 'signRequested' },
          { type: 'cancelled' },
        ],
        initialSiwxState({ required: true }),
      ),
    )
    expect(signedIn).toMatchObject({
      status: 'signedIn',
      session: session(a),
      shouldDisconnect: false,
    })
  })

  test('behavior: close is blocked while sign-in is required and there is no session', () => {
    const states = run([connect(), { type: 'signRequested' }], initialSiwxState({ required: true }))
    expect(last(states).closeBlocked).toBe(true)
    const done = siwxReducer(last(states), {
      type: 'signed',
      session: session(a),
      attempt: last(states).attempt,
    })
    expect(done.closeBlocked).toBe(false)
    expect(initialSiwxState({ required: true }).closeBlocked).toBe(false)
  })

  test('behavior: account change, chain change and disconnect sign the old session out', () => {
    const signedIn = last(run([{ ...connect(), session: session(a) } as SiwxEvent]))
    const changed = siwxReducer(signedIn, {
      type: 'accountChanged',
      address: b,
      chainId: 'eip155:1',
      supported: true,
    })
    expect(changed).toMatchObject({
      status: 'needsSignature',
      session: undefined,
      prompt: true,
      signOuts: [{ chainId: 'eip155:1', address: a }],
    })
    const acked = siwxReducer(changed, {
      type: 'signedOut',
      account: { chainId: 'eip155:1', address: a },
    })
    expect(acked.signOuts).toEqual([])
    const chain = siwxReducer(signedIn, {
      type: 'chainChanged',
      address: a,
      chainId: 'eip155:56',
      supported: true,
    })
    expect(chain.signOuts).toEqual([{ chainId: 'eip155:1', address: a }])
    expect(siwxReducer(signedIn, { type: 'disconnected' })).toMatchObject({
      status: 'idle',
      session: undefined,
      signOuts: [{ chainId: 'eip155:1', address: a }],
    })
    const keep = initialSiwxState({ signOutOnDisconnect: false })
    expect(
      siwxReducer(last(run([{ ...connect(), session: session(a) } as SiwxEvent], keep)), {
        type: 'disconnected',
      }).signOuts,
    ).toEqual([])
  })

  test('behavior: a late signature for the old account is dropped', () => {
    const signing = last(run([connect(), { type: 'signRequested' }]))
    const changed = siwxReducer(signing, {
      type: 'accountChanged',
      address: b,
      chainId: 'eip155:1',
      supported: true,
    })
    expect(
      siwxReducer(changed, { type: 'signed', session: session(a), attempt: signing.attempt }),
    ).toBe(changed)
    expect(
      siwxReducer(changed, {
        type: 'failed',
        error: new SignMessageFailedError(),
        attempt: signing.attempt,
      }),
    ).toBe(changed)
  })

  test('behavior: repeated events for the same account change nothing', () => {
    const once = last(run([connect()]))
    expect(siwxReducer(once, connect())).toBe(once)
    expect(
      siwxReducer(once, {
        type: 'accountChanged',
        address: a.toLowerCase(),
        chainId: 'eip155:1',
        supported: true,
      }),
    ).toBe(once)
  })

  test('behavior: rapid changes give at most one prompt and one sign attempt per change (C11)', () => {
    const change = fc.record({
      type: fc.constantFrom('connected', 'accountChanged', 'chainChanged'),
      address: fc.constantFrom(a, b, a.toLowerCase()),
      chainId: fc.constantFrom('eip155:1', 'eip155:56', 'eip155:999'),
      signed: fc.boolean(),
    })
    const step = fc.oneof(
      { weight: 5, arbitrary: change },
      { weight: 1, arbitrary: fc.constant({ type: 'disconnected' as const }) },
      { weight: 2, arbitrary: fc.constant({ type: 'signRequested' as const }) },
      { weight: 1, arbitrary: fc.constant({ type: 'cancelled' as const }) },
      { weight: 2, arbitrary: fc.constant({ type: 'complete' as const }) },
    )
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), fc.boolean(), (steps, required) => {
        let state = initialSiwxState({ required })
        let signAttempts = 0
        for (const s of steps) {
          let event: SiwxEvent
          if (s.type === 'complete')
            event = {
              type: 'signed',
              session: session(state.connection?.address ?? a, state.connection?.chainId),
              attempt: state.attempt,
            }
          else if (
            s.type === 'disconnected' ||
            s.type === 'signRequested' ||
            s.type === 'cancelled'
          )
            event = { type: s.type }
          else {
            const supported = s.chainId !== 'eip155:999'
            event = {
              type: s.type,
              address: s.address,
              chainId: s.chainId as CaipNetworkId,
              supported,
              ...(s.signed ? { session: session(s.address, s.chainId as CaipNetworkId) } : {}),
            }
          }
          const before = state
          state = siwxReducer(state, event)
          // ≤ 1 prompt per event, and none on an unsupported network
          expect(state.promptId - before.promptId).toBeLessThanOrEqual(1)
          if (state.connection && !state.connection.supported)
            expect(state.prompt && state.status !== 'error').toBe(false)
          // a new sign attempt (one nonce request) only on an explicit request, never twice in a row
          if (state.status === 'signing' && before.status !== 'signing') {
            expect(event.type).toBe('signRequested')
            signAttempts++
          }
          if (before.status === 'signing' && event.type === 'signRequested')
            expect(state).toBe(before)
          // the old session is always queued for sign-out when it stops applying
          if (
            before.session &&
            state.session !== before.session &&
            event.type !== 'cancelled' &&
            event.type !== 'signed' &&
            (event.type !== 'disconnected' || state.signOutOnDisconnect)
          )
            expect(
              state.signOuts.some(
                (x) =>
                  x.chainId === before.session?.data.chainId &&
                  x.address.toLowerCase() === before.session?.data.accountAddress.toLowerCase(),
              ),
            ).toBe(true)
          expect(state.closeBlocked).toBe(state.required && !!state.connection && !state.session)
          if (state.session && state.connection)
            expect(state.session.data.accountAddress.toLowerCase()).toBe(
              state.connection.address.toLowerCase(),
            )
        }
        expect(signAttempts).toBeLessThanOrEqual(
          steps.filter((s) => s.type === 'signRequested').length,
        )
      }),
      { numRuns: 500 },
    )
  })
})
