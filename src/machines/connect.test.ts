import fc from 'fast-check'
import { ResourceUnavailableRpcError, UserRejectedRequestError } from 'viem'
import { describe, expect, test } from 'vitest'
import { ConnectTimeoutError } from '../errors/ConnectTimeoutError'
import {
  type ConnectEvent,
  type ConnectState,
  connectReducer,
  getConnectFailure,
  initialConnectState,
} from './connect'

const run = (events: ConnectEvent[], from: ConnectState = initialConnectState()) =>
  events.reduce(connectReducer, from)

const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code })
const rejected = new UserRejectedRequestError(rpcError(4001, 'User rejected the request.'))
const pending = new ResourceUnavailableRpcError(rpcError(-32002, 'Request already pending.'))

describe('connectReducer', () => {
  test('default', () => {
    expect(initialConnectState()).toEqual({
      status: 'idle',
      attempt: 0,
      shown: false,
      error: undefined,
      failure: undefined,
    })
  })

  test('shown: the first view asks the wallet (attempt 1)', () => {
    expect(run([{ type: 'shown' }])).toEqual({
      status: 'connecting',
      attempt: 1,
      shown: true,
      error: undefined,
      failure: undefined,
    })
  })

  test('behavior: StrictMode shown → hidden → shown joins the pending attempt, no second request', () => {
    const state = run([{ type: 'shown' }, { type: 'hidden' }, { type: 'shown' }])
    expect(state).toMatchObject({ status: 'connecting', attempt: 1, shown: true })
    expect(run([{ type: 'succeeded', attempt: 1 }], state).status).toBe('connected')
  })

  test('behavior: a repeated shown changes nothing', () => {
    const state = run([{ type: 'shown' }])
    expect(connectReducer(state, { type: 'shown' })).toBe(state)
  })

  test('succeeded: the current attempt connects', () => {
    expect(run([{ type: 'shown' }, { type: 'succeeded', attempt: 1 }])).toMatchObject({
      status: 'connected',
      attempt: 1,
    })
  })

  test('behavior: latest attempt wins, stale results are ignored', () => {
    // attempt 1 fails, retry starts attempt 2; attempt 1 answering again (late) changes nothing
    const retried = run([
      { type: 'shown' },
      { type: 'failed', attempt: 1, error: rejected },
      { type: 'retry' },
    ])
    expect(retried).toMatchObject({ status: 'connecting', attempt: 2, error: undefined })
    expect(connectReducer(retried, { type: 'succeeded', attempt: 1 })).toBe(retried)
    expect(connectReducer(retried, { type: 'failed', attempt: 1, error: pending })).toBe(retried)
    expect(connectReducer(retried, { type: 'succeeded', attempt: 2 }).status).toBe('connected')
  })

  test('behavior: a result after the flow settled is ignored', () => {
    const connected = run([{ type: 'shown' }, { type: 'succeeded', attempt: 1 }])
    expect(connectReducer(connected, { type: 'failed', attempt: 1, error: rejected })).toBe(
      connected,
    )
    expect(connectReducer(connected, { type: 'succeeded', attempt: 1 })).toBe(connected)
  })

  test('failed: a rejection (4001) is "rejected", the error is kept', () => {
    const state = run([{ type: 'shown' }, { type: 'failed', attempt: 1, error: rejected }])
    expect(state).toMatchObject({ status: 'failed', failure: 'rejected', attempt: 1 })
    expect(state.error).toBe(rejected)
  })

  test('failed: -32002 is "alreadyPending", and retry asks again', () => {
    const state = run([{ type: 'shown' }, { type: 'failed', attempt: 1, error: pending }])
    expect(state).toMatchObject({ status: 'failed', failure: 'alreadyPending' })
    expect(connectReducer(state, { type: 'retry' })).toMatchObject({
      status: 'connecting',
      attempt: 2,
      error: undefined,
      failure: undefined,
    })
  })

  test('failed: anything else (a timeout) is "failed"', () => {
    const error = new ConnectTimeoutError({ timeout: 60_000, connector: 'Test' })
    expect(run([{ type: 'shown' }, { type: 'failed', attempt: 1, error }]).failure).toBe('failed')
  })

  test('retry: ignored while a request is pending (it would only get -32002) and once connected', () => {
    const connecting = run([{ type: 'shown' }])
    expect(connectReducer(connecting, { type: 'retry' })).toBe(connecting)
    const connected = run([{ type: 'succeeded', attempt: 1 }], connecting)
    expect(connectReducer(connected, { type: 'retry' })).toBe(connected)
  })

  test('cancel: the pending result is ignored and the flow is idle; retry starts a new attempt', () => {
    const cancelled = run([{ type: 'shown' }, { type: 'cancel' }])
    expect(cancelled).toMatchObject({ status: 'idle', attempt: 1 })
    expect(connectReducer(cancelled, { type: 'succeeded', attempt: 1 })).toBe(cancelled)
    expect(connectReducer(cancelled, { type: 'failed', attempt: 1, error: rejected })).toBe(
      cancelled,
    )
    expect(connectReducer(cancelled, { type: 'retry' })).toMatchObject({
      status: 'connecting',
      attempt: 2,
    })
    const idle = initialConnectState()
    expect(connectReducer(idle, { type: 'cancel' })).toBe(idle)
  })

  test('behavior: a result that settles while nobody shows the flow is dropped', () => {
    const hidden = run([{ type: 'shown' }, { type: 'hidden' }])
    expect(run([{ type: 'succeeded', attempt: 1 }], hidden)).toMatchObject({
      status: 'idle',
      shown: false,
    })
    expect(run([{ type: 'failed', attempt: 1, error: rejected }], hidden)).toMatchObject({
      status: 'idle',
      error: undefined,
    })
  })

  test('getConnectFailure: codes anywhere in the cause chain; 5000 is a rejection too', () => {
    expect(getConnectFailure(rejected)).toBe('rejected')
    expect(getConnectFailure({ code: 5000 })).toBe('rejected')
    expect(getConnectFailure(new Error('x', { cause: pending }))).toBe('alreadyPending')
    expect(getConnectFailure(new Error('boom'))).toBe('failed')
    expect(getConnectFailure(undefined)).toBe('failed')
  })

  test('behavior: whatever the events, at most one request per attempt and results only for the latest', () => {
    const event = fc.oneof(
      fc.constantFrom<ConnectEvent>(
        { type: 'shown' },
        { type: 'hidden' },
        { type: 'retry' },
        { type: 'cancel' },
      ),
      fc
        .integer({ min: 0, max: 6 })
        .map((attempt): ConnectEvent => ({ type: 'succeeded', attempt })),
      fc
        .integer({ min: 0, max: 6 })
        .map((attempt): ConnectEvent => ({ type: 'failed', attempt, error: rejected })),
    )
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (events) => {
        let state = initialConnectState()
        for (const e of events) {
          const next = connectReducer(state, e)
          // a new request (attempt + 1) only ever starts in `connecting`, never while one is pending
          if (next.attempt !== state.attempt) {
            expect(next.attempt).toBe(state.attempt + 1)
            expect(next.status).toBe('connecting')
            expect(state.status).not.toBe('connecting')
          }
          // a result for another attempt than the latest never changes anything
          if ((e.type === 'succeeded' || e.type === 'failed') && e.attempt !== state.attempt)
            expect(next).toBe(state)
          state = next
        }
      }),
    )
  })
})
