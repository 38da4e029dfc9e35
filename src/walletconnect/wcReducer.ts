import type { RecentWallet } from '../schemas/storage'

/** How far ahead a fresh pairing URI expires, in ms (SPEC §9: 4 minutes). */
export const pairingExpiryMs = 4 * 60_000

/** A pairing URI counts as expired when this much time or less is left, in ms (SPEC §9: 10 s). */
export const pairingExpiryMarginMs = 10_000

/** Connection status of WalletConnect (SPEC §3). */
export type WcStatus = 'disconnected' | 'connecting' | 'connected'

/** The deep or universal link the visitor opened to reach a wallet. */
export interface WcLinking {
  name: string
  href: string
}

/** WalletConnect state of SPEC §3 (the connections map is wagmi's). */
export interface WcState {
  status: WcStatus
  /** The pairing URI shown as a QR code or opened as a link. */
  wcUri?: string | undefined
  /** When `wcUri` stops being usable, in ms since the epoch. */
  wcPairingExpiry?: number | undefined
  wcLinking?: WcLinking | undefined
  /** The wallet the visitor picked for this attempt. */
  recentWallet?: RecentWallet | undefined
  /** Message of the last failure (a rejected proposal, a failed connect). */
  wcError?: string | undefined
  /** True while the app waits for the wallet after a link was opened. */
  buffering: boolean
}

/** Events of the WalletConnect reducer. */
export type WcEvent =
  | { type: 'uriReceived'; uri: string; now: number }
  | { type: 'connecting'; linking?: WcLinking | undefined; wallet?: RecentWallet | undefined }
  | { type: 'buffering'; buffering: boolean }
  | { type: 'proposalRejected'; message: string }
  | { type: 'failed'; message: string }
  | { type: 'connected' }
  | { type: 'disconnected' }
  | { type: 'reset' }

/** The state WalletConnect starts in: disconnected, no URI. */
export function initialWcState(): WcState {
  return { status: 'disconnected', buffering: false }
}

/** Pure WalletConnect reducer: `(state, event) => state`. */
export function wcReducer(state: WcState, event: WcEvent): WcState {
  switch (event.type) {
    case 'uriReceived':
      // A stray URI after the session settled is not shown.
      if (state.status === 'connected') return state
      return {
        ...state,
        wcUri: event.uri,
        wcPairingExpiry: event.now + pairingExpiryMs,
        wcError: undefined,
      }
    case 'connecting':
      return {
        ...state,
        status: 'connecting',
        wcLinking: event.linking ?? state.wcLinking,
        recentWallet: event.wallet ?? state.recentWallet,
        wcError: undefined,
      }
    case 'buffering':
      return state.buffering === event.buffering ? state : { ...state, buffering: event.buffering }
    case 'proposalRejected':
    case 'failed':
      // The pairing behind the URI is spent: drop it so a fresh one is requested at once.
      return {
        ...state,
        status: 'disconnected',
        wcUri: undefined,
        wcPairingExpiry: undefined,
        wcError: event.message,
        buffering: false,
      }
    case 'connected':
      return {
        ...state,
        status: 'connected',
        wcUri: undefined,
        wcPairingExpiry: undefined,
        wcError: undefined,
        buffering: false,
      }
    case 'disconnected':
      return {
        status: 'disconnected',
        buffering: false,
        recentWallet: state.recentWallet,
      }
    case 'reset':
      return initialWcState()
    default: {
      const _: never = event
      return state
    }
  }
}

/** Whether the pairing URI is expired at `now`: none, or 10 s or less left (SPEC §9). */
export function isPairingExpired(state: Pick<WcState, 'wcPairingExpiry'>, now: number): boolean {
  return state.wcPairingExpiry === undefined || state.wcPairingExpiry - now <= pairingExpiryMarginMs
}

/** Whether a fresh URI must be requested before one is shown: none, expired, or just rejected. */
export function needsFreshUri(state: WcState, now: number): boolean {
  if (state.status === 'connected') return false
  return state.wcUri === undefined || isPairingExpired(state, now)
}

/** The URI to show at `now`, or undefined when it must be replaced first. */
export function getShowableUri(state: WcState, now: number): string | undefined {
  return needsFreshUri(state, now) ? undefined : state.wcUri
}
