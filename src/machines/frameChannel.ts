import type { FrameLoadFailure } from '../errors/FrameLoadError'

/**
 * Where the host's channel to the wallet frame stands: not mounted (`idle`), the iframe's page on
 * its way (`loading`), the ready signal seen and the post-ready delay running (`signalled`),
 * requests go out (`ready`), the page did not load (`failed`: a mount tries again), or
 * `destroyed` for good.
 */
export type FrameChannelStatus = 'idle' | 'loading' | 'signalled' | 'ready' | 'failed' | 'destroyed'

/** State of the frame channel reducer. */
export interface FrameChannelState {
  status: FrameChannelStatus
  /** Version the frame announced in its last ready signal. */
  version: string | undefined
  /** The load event of the iframe's current page came. */
  loaded: boolean
  /** The probe found nothing answering at the frame URL (connection refused): a shorter wait. */
  unreachable: boolean
  /** The probe of the frame URL runs (started by the first load before any ready signal). */
  probing: boolean
  /** A ready signal came before its page's load event: that load is not a new page. */
  awaitingLoad: boolean
  /** The page was replaced after the frame had signalled (plan A9): a wait with no signal brings the frame back. */
  navigated: boolean
  /** The frame's own URL was set again since the page was replaced: the next wait with no signal fails. */
  recovered: boolean
  /** Accepted ready signals; each restarts the post-ready delay. */
  signals: number
  /**
   * Times a page that had been sent requests went away (a load after the ready signal, or a
   * second ready signal): what was sent to it can never be answered.
   */
  reloads: number
  /** Why the page did not load (`status: 'failed'`); undefined for the iframe's `error` event. */
  failure: FrameLoadFailure | undefined
  /** What the one console hint per iframe named, once given. */
  hint: FrameLoadFailure | 'timeout' | undefined
}

/** Events of the frame channel reducer. */
export type FrameChannelEvent =
  /** A fresh iframe was added to the page (the first mount, or a mount after a load failure). */
  | { type: 'mounted' }
  /** The iframe's `load` event: its first page, a browser error page, or a page that replaced it. */
  | { type: 'loaded' }
  /** The iframe's `error` event. */
  | { type: 'loadError' }
  /** The probe found nothing answering at the frame URL. */
  | { type: 'unreachable' }
  /** The frame's ready signal (READY) with the version it announced. */
  | { type: 'signalled'; version: string }
  /** The post-ready delay of ready signal number `signal` passed. */
  | { type: 'delayElapsed'; signal: number }
  /** The page loaded and no ready signal came within its wait ({@link getFrameLoadWait}). */
  | { type: 'loadWaitElapsed' }
  /** A request gave up waiting for the ready signal (no load event came either). */
  | { type: 'readyDeadline' }
  /** The client was destroyed. */
  | { type: 'destroyed' }

/** The state of a client nothing has mounted yet. */
export function initialFrameChannelState(): FrameChannelState {
  return {
    status: 'idle',
    version: undefined,
    ...freshPage(),
    navigated: false,
    recovered: false,
    signals: 0,
    reloads: 0,
    failure: undefined,
  }
}

/**
 * The wait for a ready signal that runs once the page has loaded, and why it would fail: a page
 * that loads and does not signal is not the frame (`noReadySignal`: an error page, a 404, a
 * refused parent), or nothing answers at the URL (`unreachable`: a shorter wait). Undefined when
 * no such wait runs.
 */
export function getFrameLoadWait(state: FrameChannelState): FrameLoadFailure | undefined {
  if (state.status !== 'loading' || !state.loaded) return undefined
  return state.unreachable ? 'unreachable' : 'noReadySignal'
}

/** Forgets the last page's load: a new one is on its way (one console hint per page). */
function freshPage() {
  return {
    loaded: false,
    unreachable: false,
    probing: false,
    awaitingLoad: false,
    hint: undefined,
  } satisfies Partial<FrameChannelState>
}

function onLoaded(state: FrameChannelState): FrameChannelState {
  // A load event that arrives after destroy (the iframe's page was still loading) changes nothing.
  if (state.status === 'destroyed') return state
  if (state.awaitingLoad) return { ...state, awaitingLoad: false, loaded: true }
  if (state.status === 'signalled' || state.status === 'ready')
    // The page that signalled was replaced (reloaded, crashed and reloaded, navigated away).
    return {
      ...state,
      status: 'loading',
      loaded: true,
      navigated: true,
      reloads: state.reloads + 1,
    }
  if (state.status !== 'loading' || state.loaded) return state
  // Loaded before signalling: the probe asks whether anything answers at the URL at all.
  return { ...state, loaded: true, probing: true }
}

function onSignalled(state: FrameChannelState, version: string): FrameChannelState {
  if (state.status === 'idle' || state.status === 'destroyed') return state
  // A second ready signal: the frame restarted and lost whatever it was working on.
  const again = state.status === 'signalled' || state.status === 'ready'
  return {
    ...state,
    status: 'signalled',
    version,
    // Signalled before its load event (or a new page signalled before its load): wait for it.
    awaitingLoad: again || !state.loaded,
    probing: false,
    navigated: false,
    recovered: false,
    signals: state.signals + 1,
    reloads: again ? state.reloads + 1 : state.reloads,
    failure: undefined,
  }
}

function onLoadWaitElapsed(state: FrameChannelState): FrameChannelState {
  const failure = getFrameLoadWait(state)
  if (failure === undefined) return state
  // The frame's own URL again, in the same iframe, once: a fresh handshake.
  if (state.navigated && !state.recovered) return { ...state, ...freshPage(), recovered: true }
  return { ...state, status: 'failed', failure, probing: false, hint: state.hint ?? failure }
}

/**
 * Pure frame channel reducer: `(state, event) => state`. The effects (the iframe, the probe, the
 * load wait, the post-ready delay, setting the frame URL again, the requests) run in
 * `createFrameChannel`.
 */
export function frameChannelReducer(
  state: FrameChannelState,
  event: FrameChannelEvent,
): FrameChannelState {
  switch (event.type) {
    case 'mounted':
      if (state.status !== 'idle' && state.status !== 'failed') return state
      return {
        ...state,
        ...freshPage(),
        status: 'loading',
        navigated: false,
        recovered: false,
        failure: undefined,
      }
    case 'loaded':
      return onLoaded(state)
    case 'loadError':
      if (state.status === 'idle' || state.status === 'failed' || state.status === 'destroyed')
        return state
      return { ...state, status: 'failed', failure: undefined, probing: false }
    case 'unreachable':
      if (state.status !== 'loading' || !state.probing) return state
      return { ...state, unreachable: true, probing: false }
    case 'signalled':
      return onSignalled(state, event.version)
    case 'delayElapsed':
      if (state.status !== 'signalled' || event.signal !== state.signals) return state
      return { ...state, status: 'ready' }
    case 'loadWaitElapsed':
      return onLoadWaitElapsed(state)
    case 'readyDeadline':
      if (state.hint !== undefined || state.status === 'destroyed') return state
      return { ...state, hint: 'timeout' }
    case 'destroyed':
      if (state.status === 'destroyed') return state
      return { ...state, status: 'destroyed', probing: false }
    default: {
      const _: never = event
      return state
    }
  }
}
