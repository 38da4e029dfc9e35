import { findErrorCode } from '../utils/findErrorCode'

/** Where a wallet connection started from a Connecting view stands. */
export type ConnectStatus = 'idle' | 'connecting' | 'connected' | 'failed'

/**
 * Why the last attempt failed: declined in the wallet (4001, or 5000 per SPEC §8), a request of
 * ours still open in the wallet (-32002 "already pending": open the wallet, or retry later), or
 * anything else (a timeout, a wallet that threw).
 */
export type ConnectFailure = 'rejected' | 'alreadyPending' | 'failed'

/** State of the connect reducer. */
export interface ConnectState {
  status: ConnectStatus
  /**
   * Id of the latest attempt. Every new request to the wallet gets the next id and results are
   * tagged with theirs: only the latest attempt counts, older results are stale and ignored.
   */
  attempt: number
  /** Whether a view shows the flow. A result that settles while nobody shows it is dropped. */
  shown: boolean
  /** Why the last attempt failed (`status: 'failed'`), as the wallet or wagmi threw it. */
  error: Error | undefined
  failure: ConnectFailure | undefined
}

/** Events of the connect reducer. */
export type ConnectEvent =
  /**
   * A view shows the flow (mounted). The first time, the wallet is asked; while an attempt is still
   * pending it is joined, not repeated: React StrictMode mounts twice, and a second request would
   * only get -32002 from the wallet.
   */
  | { type: 'shown' }
  /** The view went away (unmounted); the pending attempt's result will be dropped unless shown again. */
  | { type: 'hidden' }
  /** Ask the wallet again (the retry button); ignored while a request is pending. */
  | { type: 'retry' }
  /** Stop waiting: the pending attempt's result is ignored, the flow is idle. */
  | { type: 'cancel' }
  | { type: 'succeeded'; attempt: number }
  | { type: 'failed'; attempt: number; error: Error }

/** The state a connect flow starts in: idle, no attempt, not shown. */
export function initialConnectState(): ConnectState {
  return { status: 'idle', attempt: 0, shown: false, error: undefined, failure: undefined }
}

/** Classifies a failed connect by the code in its `cause` chain. */
export function getConnectFailure(error: unknown): ConnectFailure {
  const code = findErrorCode(error)
  if (code === 4001 || code === 5000) return 'rejected'
  if (code === -32002) return 'alreadyPending'
  return 'failed'
}

function nextAttempt(state: ConnectState): ConnectState {
  return {
    ...state,
    status: 'connecting',
    attempt: state.attempt + 1,
    error: undefined,
    failure: undefined,
  }
}

/** Whether a result belongs to the attempt the flow is waiting for. */
function isCurrent(state: ConnectState, attempt: number): boolean {
  return state.status === 'connecting' && attempt === state.attempt
}

/** Pure connect reducer: `(state, event) => state`. Effects (the wallet request) live in the store. */
export function connectReducer(state: ConnectState, event: ConnectEvent): ConnectState {
  switch (event.type) {
    case 'shown':
      if (state.shown) return state
      if (state.status === 'idle') return { ...nextAttempt(state), shown: true }
      return { ...state, shown: true }
    case 'hidden':
      return state.shown ? { ...state, shown: false } : state
    case 'retry':
      if (state.status === 'connecting' || state.status === 'connected') return state
      return nextAttempt(state)
    case 'cancel':
      return state.status === 'connecting' ? { ...state, status: 'idle' } : state
    case 'succeeded':
      if (!isCurrent(state, event.attempt)) return state
      // Nobody watched it settle: nothing to show, nothing to remember.
      if (!state.shown) return { ...state, status: 'idle' }
      return { ...state, status: 'connected' }
    case 'failed':
      if (!isCurrent(state, event.attempt)) return state
      if (!state.shown) return { ...state, status: 'idle' }
      return {
        ...state,
        status: 'failed',
        error: event.error,
        failure: getConnectFailure(event.error),
      }
    default: {
      const _: never = event
      return state
    }
  }
}
