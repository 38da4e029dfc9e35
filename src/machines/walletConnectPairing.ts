import { WalletConnectPairingReplacedError } from '../errors/WalletConnectPairingReplacedError'
import { getConnectFailure } from './connect'

/** How far ahead a fresh pairing URI expires, in ms (SPEC §9: 4 minutes). */
export const pairingExpiryMs = 4 * 60_000

/** A pairing URI counts as expired when this much time or less is left, in ms (SPEC §9: 10 s). */
export const pairingExpiryMarginMs = 10_000

/**
 * Where a WalletConnect pairing stands. Whether a wallet is connected is not the pairing's to say
 * (wagmi owns connection state): `approved` only means this pairing's proposal was accepted.
 */
export type PairingStatus = 'idle' | 'pairing' | 'approved' | 'failed'

/** State of the WalletConnect pairing reducer. */
export interface PairingState {
  status: PairingStatus
  /** Id of the latest connect attempt; results of older (replaced) attempts are ignored. */
  attempt: number
  /** Whether a view shows the pairing; only a shown pairing asks for URIs on its own. */
  shown: boolean
  /** The pairing URI to show (QR code, link); undefined while a fresh one is on its way. */
  uri: string | undefined
  /** When `uri` stops being usable, in ms since the epoch. */
  expiresAt: number | undefined
  /** The visitor rejected a proposal in the wallet; kept beside the fresh URI until retry or approval. */
  rejection: Error | undefined
  /** A failure other than a rejection (`status: 'failed'`): nothing more is asked until retry. */
  error: Error | undefined
}

/** Events of the WalletConnect pairing reducer. */
export type PairingEvent =
  /**
   * A view shows the pairing. With `request`, the first time asks for a URI; a pairing already
   * running is joined (StrictMode mounts twice: a second request would replace the first URI).
   */
  | { type: 'shown'; request: boolean }
  /** The view went away: no more URIs are asked for on its behalf. */
  | { type: 'hidden' }
  /** The connector emitted a pairing URI (`display_uri`) at `now`. */
  | { type: 'uriReceived'; uri: string; now: number }
  /** `uri` reached its 10 s margin: it is dropped and a fresh one asked for. */
  | { type: 'expired'; uri: string }
  | { type: 'approved'; attempt: number }
  | { type: 'failed'; attempt: number; error: Error }
  /** Ask for a fresh URI (the pending attempt is dropped), clearing what was shown. */
  | { type: 'retry' }
  /** The approved session ended (either side disconnected). */
  | { type: 'sessionEnded' }

/** The state a pairing starts in: nothing asked, nothing shown. */
export function initialPairingState(): PairingState {
  return {
    status: 'idle',
    attempt: 0,
    shown: false,
    uri: undefined,
    expiresAt: undefined,
    rejection: undefined,
    error: undefined,
  }
}

/** Whether the pairing URI is expired at `now`: none, or 10 s or less left (SPEC §9). */
export function isPairingExpired(state: Pick<PairingState, 'expiresAt'>, now: number): boolean {
  return state.expiresAt === undefined || state.expiresAt - now <= pairingExpiryMarginMs
}

/** A new connect attempt (a fresh URI follows); the URI on screen is spent. */
function request(state: PairingState): PairingState {
  return {
    ...state,
    status: 'pairing',
    attempt: state.attempt + 1,
    uri: undefined,
    expiresAt: undefined,
    error: undefined,
  }
}

const isCurrent = (state: PairingState, attempt: number) =>
  state.status === 'pairing' && attempt === state.attempt

/** Pure WalletConnect pairing reducer: `(state, event) => state` (SPEC §3, §9). */
export function walletConnectPairingReducer(
  state: PairingState,
  event: PairingEvent,
): PairingState {
  switch (event.type) {
    case 'shown':
      if (state.shown) return state
      if (state.status === 'idle' && event.request) return { ...request(state), shown: true }
      return { ...state, shown: true }
    case 'hidden':
      return state.shown ? { ...state, shown: false } : state
    case 'uriReceived':
      // A stray URI once the pairing settled (approved, failed) is not shown.
      if (state.status !== 'pairing' || state.uri === event.uri) return state
      return { ...state, uri: event.uri, expiresAt: event.now + pairingExpiryMs }
    case 'expired':
      if (state.status !== 'pairing' || state.uri !== event.uri) return state
      if (!state.shown) return { ...state, status: 'idle', uri: undefined, expiresAt: undefined }
      return request(state)
    case 'approved':
      if (!isCurrent(state, event.attempt)) return state
      return {
        ...state,
        status: 'approved',
        uri: undefined,
        expiresAt: undefined,
        rejection: undefined,
        error: undefined,
      }
    case 'failed': {
      // A newer attempt replaced this one: nothing to show.
      if (!isCurrent(state, event.attempt)) return state
      if (event.error instanceof WalletConnectPairingReplacedError) return state
      if (getConnectFailure(event.error) === 'rejected') {
        // Rejected in the wallet: the pairing behind the URI is spent; a fresh one at once.
        const rejected = { ...state, rejection: event.error }
        if (!state.shown)
          return { ...rejected, status: 'idle', uri: undefined, expiresAt: undefined }
        return request(rejected)
      }
      return {
        ...state,
        status: 'failed',
        uri: undefined,
        expiresAt: undefined,
        error: event.error,
      }
    }
    case 'retry':
      if (state.status === 'approved') return state
      return request({ ...state, rejection: undefined })
    case 'sessionEnded':
      if (state.status !== 'approved') return state
      return state.shown ? request(state) : { ...state, status: 'idle' }
    default: {
      const _: never = event
      return state
    }
  }
}
