import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  type FrameChannelEvent,
  type FrameChannelState,
  type FrameChannelStatus,
  getFrameLoadWait,
  initialFrameChannelState,
  frameChannelReducer as reducer,
} from './frameChannel'

const run = (events: FrameChannelEvent[], from: FrameChannelState = initialFrameChannelState()) =>
  events.reduce(reducer, from)

const mounted: FrameChannelEvent = { type: 'mounted' }
const loaded: FrameChannelEvent = { type: 'loaded' }
const signalled: FrameChannelEvent = { type: 'signalled', version: '1.0.0' }
const waitElapsed: FrameChannelEvent = { type: 'loadWaitElapsed' }
const loadError: FrameChannelEvent = { type: 'loadError' }
const unreachable: FrameChannelEvent = { type: 'unreachable' }
const readyDeadline: FrameChannelEvent = { type: 'readyDeadline' }
const destroyed: FrameChannelEvent = { type: 'destroyed' }
/** Every event but the post-ready delay's. */
const events = [
  mounted,
  loaded,
  signalled,
  waitElapsed,
  loadError,
  unreachable,
  readyDeadline,
  destroyed,
]
const delay = (signal: number): FrameChannelEvent => ({ type: 'delayElapsed', signal })

/** Mounted, loaded, signalled and through the post-ready delay. */
const ready = () => run([mounted, loaded, signalled, delay(1)])
/** The page of a ready frame was replaced (plan A9). */
const navigated = () => run([loaded], ready())

const stateIn = (status: FrameChannelStatus): FrameChannelState => {
  if (status === 'idle') return initialFrameChannelState()
  if (status === 'loading') return run([mounted])
  if (status === 'signalled') return run([mounted, signalled])
  if (status === 'ready') return ready()
  if (status === 'failed') return run([mounted, loadError])
  return run([destroyed])
}

describe('frameChannelReducer', () => {
  test('default', () => {
    expect(initialFrameChannelState()).toEqual({
      status: 'idle',
      version: undefined,
      loaded: false,
      unreachable: false,
      probing: false,
      awaitingLoad: false,
      navigated: false,
      recovered: false,
      signals: 0,
      reloads: 0,
      failure: undefined,
      hint: undefined,
    })
  })

  test('mounted: idle → loading', () => {
    expect(run([mounted])).toEqual({ ...initialFrameChannelState(), status: 'loading' })
  })

  test('mounted: failed → loading, the last page forgotten (its hint too), the version kept', () => {
    const failed = run([mounted, signalled, loaded, loadError])
    const state = run([readyDeadline], failed)
    expect(state).toMatchObject({ status: 'failed', hint: 'timeout', loaded: true })
    expect(reducer(state, mounted)).toMatchObject({
      status: 'loading',
      version: '1.0.0',
      loaded: false,
      awaitingLoad: false,
      hint: undefined,
      failure: undefined,
    })
  })

  test('mounted: ignored while loading, signalled, ready or destroyed', () => {
    for (const state of (['loading', 'signalled', 'ready', 'destroyed'] as const).map(stateIn))
      expect(reducer(state, mounted)).toBe(state)
  })

  test('loaded: the first load before any signal starts the probe and the load wait', () => {
    const state = run([mounted, loaded])
    expect(state).toMatchObject({ status: 'loading', loaded: true, probing: true })
    expect(getFrameLoadWait(state)).toBe('noReadySignal')
    expect(reducer(state, loaded)).toBe(state)
  })

  test('unreachable: the probe found nothing answering, the wait is the short one', () => {
    const state = run([mounted, loaded, unreachable])
    expect(state).toMatchObject({ unreachable: true, probing: false })
    expect(getFrameLoadWait(state)).toBe('unreachable')
    expect(reducer(state, unreachable)).toBe(state)
    const notProbing = run([mounted])
    expect(reducer(notProbing, unreachable)).toBe(notProbing)
  })

  test('signalled: loading → signalled, the probe and the load wait end', () => {
    const state = run([mounted, loaded, signalled])
    expect(state).toMatchObject({
      status: 'signalled',
      version: '1.0.0',
      probing: false,
      awaitingLoad: false,
      signals: 1,
      reloads: 0,
    })
    expect(getFrameLoadWait(state)).toBeUndefined()
  })

  test('behavior: a signal before its load event waits for it; that load is not a new page', () => {
    const early = run([mounted, signalled])
    expect(early).toMatchObject({ status: 'signalled', awaitingLoad: true, loaded: false })
    expect(reducer(early, loaded)).toMatchObject({
      status: 'signalled',
      awaitingLoad: false,
      loaded: true,
      reloads: 0,
    })
  })

  test('delayElapsed: signalled → ready; a stale delay or another status changes nothing', () => {
    const state = run([mounted, signalled])
    expect(reducer(state, delay(1)).status).toBe('ready')
    expect(reducer(state, delay(0))).toBe(state)
    const loading = run([mounted])
    expect(reducer(loading, delay(0))).toBe(loading)
  })

  test('behavior: a second signal (the frame restarted) loses what was sent and restarts the delay', () => {
    const state = reducer(ready(), { type: 'signalled', version: '1.0.1' })
    expect(state).toMatchObject({
      status: 'signalled',
      version: '1.0.1',
      signals: 2,
      reloads: 1,
      awaitingLoad: true,
    })
    expect(reducer(state, delay(1))).toBe(state)
    expect(reducer(state, delay(2)).status).toBe('ready')
  })

  test('signalled: a failed frame that signals after all is back', () => {
    expect(reducer(stateIn('failed'), signalled)).toMatchObject({
      status: 'signalled',
      failure: undefined,
      reloads: 0,
    })
  })

  test.each(['idle', 'destroyed'] as const)('signalled: ignored while %s', (status) => {
    const state = stateIn(status)
    expect(reducer(state, signalled)).toBe(state)
  })

  test('behavior: A9 a load after the signal is a replaced page: loading again, what was sent is lost', () => {
    for (const from of [ready(), run([mounted, loaded, signalled])]) {
      const state = reducer(from, loaded)
      expect(state).toMatchObject({
        status: 'loading',
        loaded: true,
        navigated: true,
        recovered: false,
        reloads: 1,
      })
      expect(getFrameLoadWait(state)).toBe('noReadySignal')
    }
  })

  test('loadWaitElapsed: a replaced page that does not signal is replaced by the frame URL once', () => {
    const state = reducer(navigated(), waitElapsed)
    expect(state).toMatchObject({
      status: 'loading',
      recovered: true,
      navigated: true,
      loaded: false,
      probing: false,
    })
    expect(getFrameLoadWait(state)).toBeUndefined()
    // Its load starts the wait again; no signal this time is a failure.
    const again = run([loaded, waitElapsed], state)
    expect(again).toMatchObject({
      status: 'failed',
      failure: 'noReadySignal',
      hint: 'noReadySignal',
    })
  })

  test('behavior: a signal after the recovery ends it: the next replaced page is recovered again', () => {
    const state = run([waitElapsed, loaded, signalled], navigated())
    expect(state).toMatchObject({ status: 'signalled', navigated: false, recovered: false })
    expect(run([delay(2), loaded, waitElapsed], state)).toMatchObject({
      status: 'loading',
      recovered: true,
    })
  })

  test('loadWaitElapsed: loading → failed, with why and the console hint', () => {
    expect(run([mounted, loaded, waitElapsed])).toMatchObject({
      status: 'failed',
      failure: 'noReadySignal',
      hint: 'noReadySignal',
      probing: false,
    })
    expect(run([mounted, loaded, unreachable, waitElapsed])).toMatchObject({
      status: 'failed',
      failure: 'unreachable',
      hint: 'unreachable',
    })
  })

  test('behavior: the console hint is given once per page', () => {
    const state = run([mounted, loaded, readyDeadline, waitElapsed])
    expect(state).toMatchObject({ status: 'failed', failure: 'noReadySignal', hint: 'timeout' })
    expect(reducer(state, readyDeadline)).toBe(state)
  })

  test('loadWaitElapsed: ignored where no wait runs', () => {
    for (const status of [
      'idle',
      'loading',
      'signalled',
      'ready',
      'failed',
      'destroyed',
    ] as const) {
      const state = stateIn(status)
      expect(reducer(state, waitElapsed)).toBe(state)
    }
  })

  test.each(['loading', 'signalled', 'ready'] as const)('loadError: %s → failed', (status) => {
    expect(reducer(stateIn(status), loadError)).toMatchObject({
      status: 'failed',
      failure: undefined,
      probing: false,
    })
  })

  test.each(['idle', 'failed', 'destroyed'] as const)('loadError: ignored while %s', (status) => {
    const state = stateIn(status)
    expect(reducer(state, loadError)).toBe(state)
  })

  test('readyDeadline: names the timeout in the hint, once; nothing after destroy', () => {
    const state = reducer(run([mounted]), readyDeadline)
    expect(state.hint).toBe('timeout')
    expect(reducer(state, readyDeadline)).toBe(state)
    const gone = stateIn('destroyed')
    expect(reducer(gone, readyDeadline)).toBe(gone)
  })

  test.each(['idle', 'loading', 'signalled', 'ready', 'failed'] as const)(
    'destroyed: %s → destroyed',
    (status) => {
      expect(reducer(stateIn(status), destroyed)).toMatchObject({
        status: 'destroyed',
        probing: false,
      })
    },
  )

  test('behavior: destroyed is final', () => {
    const state = stateIn('destroyed')
    for (const event of [...events, delay(0)]) expect(reducer(state, event)).toBe(state)
  })

  test('behavior: a load event after destroy (signalled before its load) changes nothing', () => {
    // found by the property below (seed 1550918219): awaitingLoad was cleared on a destroyed channel
    const destroyed = run([mounted, signalled, { type: 'destroyed' }])
    expect(reducer(destroyed, loaded)).toBe(destroyed)
  })

  test('property: any sequence keeps the invariants', () => {
    const event = fc.oneof(fc.constantFrom(...events), fc.nat(5).map(delay))
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (sequence) => {
        let state = initialFrameChannelState()
        for (const next of sequence) {
          const previous = state
          state = reducer(state, next)
          if (previous.status === 'destroyed') expect(state).toBe(previous)
          expect(state.reloads).toBeGreaterThanOrEqual(previous.reloads)
          expect(state.signals).toBeGreaterThanOrEqual(previous.signals)
          if (state.status === 'ready') expect(state.version).toBe('1.0.0')
          if (state.probing) expect(state).toMatchObject({ status: 'loading', loaded: true })
          if (state.status === 'loading' || state.status === 'ready')
            expect(state.failure).toBeUndefined()
        }
      }),
    )
  })
})
