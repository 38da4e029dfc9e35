import {
  type ConnectEvent,
  type ConnectState,
  connectReducer,
  initialConnectState,
} from '../machines/connect'
import { callAsync } from '../utils/callAsync'
import { createMachineStore, type ReadonlyStore } from './createMachineStore'

/** Parameters of {@link createConnectStore}. */
export interface CreateConnectStoreParameters {
  /** Asks the wallet, e.g. wagmi's `connect` with a deadline; rejects with the reason it failed (a non-`Error` becomes a `ConnectionFailedError`). */
  connect(): Promise<unknown>
  /** Runs once per attempt that connected while shown (remember the wallet, close the modal…). */
  onConnected?: (() => void) | undefined
}

/** One wallet's connect flow: read-only zustand store plus actions; the wallet request runs inside. */
export interface ConnectStore extends ReadonlyStore<ConnectState> {
  /** A view shows the flow: asks the wallet the first time, joins a pending request after that. */
  show(): void
  /** The view went away: a pending request's result is dropped unless it is shown again first. */
  hide(): void
  /** Asks the wallet again after a failure (ignored while a request is pending). */
  retry(): void
  /** Stops waiting for the pending request; its result is ignored. */
  cancel(): void
}

/**
 * Binds the pure connect machine (`connectReducer`) to a wallet request: each new attempt calls
 * `connect()` once and feeds its result back tagged with the attempt, so a stale result (an
 * attempt replaced by a retry, or cancelled) changes nothing.
 * @example
 * const store = createConnectStore({ connect: () => connectWithDeadline(config, { connector }) })
 * store.show()
 */
export function createConnectStore(parameters: CreateConnectStoreParameters): ConnectStore {
  const { store, dispatch } = createMachineStore<ConnectState, ConnectEvent>({
    reducer: connectReducer,
    initialState: initialConnectState(),
    onChange(state, previous) {
      if (state.status === 'connecting' && state.attempt !== previous.attempt)
        request(state.attempt)
      else if (state.status === 'connected' && previous.status !== 'connected')
        parameters.onConnected?.()
    },
  })

  function request(attempt: number) {
    callAsync(parameters.connect).then(
      () => dispatch({ type: 'succeeded', attempt }),
      (error: Error) => dispatch({ type: 'failed', attempt, error }),
    )
  }

  return {
    ...store,
    show: () => dispatch({ type: 'shown' }),
    hide: () => dispatch({ type: 'hidden' }),
    retry: () => dispatch({ type: 'retry' }),
    cancel: () => dispatch({ type: 'cancel' }),
  }
}
