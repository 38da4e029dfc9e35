import {
  initialPairingState,
  type PairingEvent,
  type PairingState,
  pairingExpiryMarginMs,
  walletConnectPairingReducer,
} from '../machines/walletConnectPairing'
import { callAsync } from '../utils/callAsync'
import { createMachineStore, type ReadonlyStore } from './createMachineStore'

/** Parameters of {@link createWalletConnectPairingStore}. */
export interface CreateWalletConnectPairingStoreParameters {
  /**
   * Starts a connect attempt with the `walletConnect()` connector (its URI arrives through
   * {@link WalletConnectPairingStore.uriReceived}); settles when the proposal is approved or fails.
   */
  connect(): Promise<unknown>
  /** Runs once per approved pairing (remember the wallet, close the modal…). */
  onApproved?: (() => void) | undefined
  /** The clock. @default Date.now */
  now?: (() => number) | undefined
}

/** A WalletConnect pairing: read-only zustand store plus actions; requests and the expiry timer run inside. */
export interface WalletConnectPairingStore extends ReadonlyStore<PairingState> {
  /** A view shows the pairing; with `request` (default) the first call asks for a URI. */
  show(request?: boolean): void
  /** The view went away: the expiry timer stops and no new URI is asked for. */
  hide(): void
  /** Feed the connector's `display_uri`. */
  uriReceived(uri: string): void
  /** Ask for a fresh URI (the pending one is dropped), clearing a failure or a rejection. */
  retry(): void
  /** The approved session ended: a shown pairing asks for a fresh URI. */
  sessionEnded(): void
}

/**
 * Binds the pure pairing machine (`walletConnectPairingReducer`) to the connector: each attempt
 * calls `connect()` once and feeds its result back tagged with the attempt; a shown URI gets a
 * timer that replaces it when 10 s or less are left, so an expired URI is never shown.
 */
export function createWalletConnectPairingStore(
  parameters: CreateWalletConnectPairingStoreParameters,
): WalletConnectPairingStore {
  const now = parameters.now ?? (() => Date.now())
  let expiryTimer: ReturnType<typeof setTimeout> | undefined

  const { store, dispatch } = createMachineStore<PairingState, PairingEvent>({
    reducer: walletConnectPairingReducer,
    initialState: initialPairingState(),
    onChange(state, previous) {
      if (state.status === 'pairing' && state.attempt !== previous.attempt) request(state.attempt)
      if (state.status === 'approved' && previous.status !== 'approved') parameters.onApproved?.()
      if (state.uri !== previous.uri || state.shown !== previous.shown) armExpiry(state)
    },
  })

  function request(attempt: number) {
    callAsync(parameters.connect).then(
      () => dispatch({ type: 'approved', attempt }),
      (error: Error) => dispatch({ type: 'failed', attempt, error }),
    )
  }

  // One timer for the URI on screen, due when its 10 s margin starts.
  function armExpiry(state: PairingState) {
    clearTimeout(expiryTimer)
    expiryTimer = undefined
    const { uri, expiresAt } = state
    if (!state.shown || uri === undefined || expiresAt === undefined) return
    const delay = Math.max(0, expiresAt - pairingExpiryMarginMs - now() + 1)
    expiryTimer = setTimeout(() => {
      expiryTimer = undefined
      dispatch({ type: 'expired', uri })
    }, delay)
  }

  return {
    ...store,
    show: (request = true) => dispatch({ type: 'shown', request }),
    hide: () => dispatch({ type: 'hidden' }),
    uriReceived: (uri) => dispatch({ type: 'uriReceived', uri, now: now() }),
    retry: () => dispatch({ type: 'retry' }),
    sessionEnded: () => dispatch({ type: 'sessionEnded' }),
  }
}
