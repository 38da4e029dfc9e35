import type { OnrampSession } from '../onramp/onrampTypes'
import type { FrameSocialProvider } from '../schemas/frameValues'
import type { WalletItem } from '../wallets/types'
import type { SendToken } from './sendTypes'

/**
 * Each view of the modal (SPEC §2 "Named views") and the data it is opened with; `undefined`: the
 * view takes none. Navigation is typed by it: the compiler refuses a view with the wrong data.
 */
export interface RouteMap {
  Connect: undefined
  Account: undefined
  AllWallets: undefined
  /** The wallet row picked: its connector uid, name and icon. */
  ConnectingExternal: { wallet: WalletItem }
  /** The wallet picked (its links open it with the URI); none for the plain WalletConnect row. */
  ConnectingWalletConnect: { wallet?: WalletItem | undefined } | undefined
  ConnectingWalletConnectBasic: undefined
  ConnectingFarcaster: undefined
  /** A social login with the provider picked (its popup was opened in the click). */
  ConnectingSocial: { provider: FrameSocialProvider }
  Networks: undefined
  UnsupportedChain: undefined
  SIWXSignMessage: undefined
  /** The frame request waiting for a click; `opened`: the approval opened the modal (close after). */
  ApproveTransaction: { id: string; method: string; opened?: boolean | undefined }
  EmailVerifyOtp: undefined
  EmailVerifyDevice: undefined
  UpdateEmail: undefined
  UpdateEmailPrimaryOtp: undefined
  UpdateEmailSecondaryOtp: undefined
  /** The connected address as a QR code and text, and the networks it receives on. */
  Receive: undefined
  /** Connecting a Solana wallet (Wallet Standard) by its name. */
  ConnectingSolana: { wallet: string }
  /** WalletConnect for Solana: its pairing URI as a QR code, by the linked wallet's name. */
  ConnectingSolanaWalletConnect: { wallet: string }
  /** The connected Solana address as a QR code and text, and the cluster it receives on. */
  SolanaReceive: undefined
  /** The SOL send form, then the send's status (the wallet signs and sends). */
  SolanaSend: undefined
  /** The tokens the Solana account can send, to pick one for the SolanaSend form below. */
  SolanaSendSelectToken: undefined
  /** The Solana clusters the app configured, to switch to one. */
  SolanaClusters: undefined
  /** The send form; `token`: the token to send (else the chain's own currency). */
  WalletSend: { token?: SendToken | undefined } | undefined
  /** The tokens the account can send, to pick one for the send form. */
  WalletSendSelectToken: undefined
  /** The send form's transfer with its network fee, to confirm; then its status until a receipt. */
  WalletSendPreview: undefined
  /** The swap form (issue 15): amounts in and out, the quote asked again every 10 s. */
  Swap: undefined
  /** The tokens a swap offers, for the side being picked (sold or bought). */
  SwapSelectToken: { side: 'sell' | 'buy' }
  /** The swap to confirm with its steps (approve → sign → swap → receipt), then its progress. */
  SwapPreview: undefined
  /** Buy with card (issue 15): the amount, currency and token, and every provider's quote. */
  OnRampProviders: undefined
  /** The currencies the on-ramp takes, to pick the one paid in. */
  OnRampFiatSelect: undefined
  /** The countries the on-ramp serves, to pick the visitor's (the quotes follow it). */
  OnRampCountrySelect: undefined
  /** The tokens the on-ramp sells on the connected chain, to pick the one bought. */
  OnRampTokenSelect: undefined
  /** A purchase started with a provider (its popup opened in the click), until final. */
  BuyInProgress: { session: OnrampSession }
}

/** A view of the modal (SPEC §2 "Named views"). */
export type ViewName = keyof RouteMap

/** Data a view is opened with (a wallet, an approval…), by view. */
export type RouteData<V extends ViewName = ViewName> = RouteMap[V]

/** One entry of the view stack: a view and its data (required where the view needs data). */
export type RouteEntry<V extends ViewName = ViewName> = {
  [K in V]: undefined extends RouteMap[K]
    ? { view: K; data?: RouteMap[K] }
    : { view: K; data: RouteMap[K] }
}[V]

/** The arguments after the view name in `push(view, data)`: data optional only where the view takes none. */
export type RouteDataArgs<V extends ViewName> = undefined extends RouteMap[V]
  ? [data?: RouteMap[V]]
  : [data: RouteMap[V]]

/** Direction of the last navigation, for view transition animations. */
export type RouterTransition = 'next' | 'prev'

/** Callbacks of a pending transaction approval (SPEC §2 "transaction stack"). */
export interface TxEntry {
  onSuccess?: (() => void) | undefined
  onError?: ((error?: unknown) => void) | undefined
  onCancel?: (() => void) | undefined
  /** Also go back one view on success (error and cancel always go back). @default false */
  goBack?: boolean | undefined
}

/** State of the router reducer. The last history entry is the current view; history is never empty. */
export interface RouterState {
  history: readonly RouteEntry[]
  transition: RouterTransition
  transactionStack: readonly TxEntry[]
}

/** Events of the router reducer. */
export type RouterEvent =
  | ({ type: 'push' } & RouteEntry)
  | ({ type: 'replace' } & RouteEntry)
  | ({ type: 'reset' } & RouteEntry)
  | { type: 'goBack' }
  | { type: 'goBackToIndex'; index: number }
  | { type: 'pushTransaction'; tx: TxEntry }
  | { type: 'popTransaction' }

/** The state a router starts in: Connect, nothing pending. */
export function initialRouterState(entry: RouteEntry = { view: 'Connect' }): RouterState {
  return { history: [toEntry(entry)], transition: 'next', transactionStack: [] }
}

/** The view on top of the stack. */
export function getCurrentRoute(state: RouterState): RouteEntry {
  return state.history[state.history.length - 1] ?? { view: 'Connect' }
}

/** Whether going back stays inside the modal (false: going back closes it). */
export function canGoBack(state: RouterState): boolean {
  return state.history.length > 1
}

/** Pure router reducer: `(state, event) => state`. */
export function routerReducer(state: RouterState, event: RouterEvent): RouterState {
  switch (event.type) {
    case 'push': {
      if (getCurrentRoute(state).view === event.view) return state
      return {
        ...state,
        history: [...state.history, toEntry(event)],
        transition: 'next',
      }
    }
    case 'replace':
      return {
        ...state,
        history: [...state.history.slice(0, -1), toEntry(event)],
        transition: 'next',
      }
    case 'reset':
      return { ...state, history: [toEntry(event)], transition: 'next' }
    case 'goBack': {
      if (!canGoBack(state)) return state
      return { ...state, history: state.history.slice(0, -1), transition: 'prev' }
    }
    case 'goBackToIndex': {
      const { index } = event
      if (!Number.isInteger(index) || index < 0 || index >= state.history.length - 1) return state
      return { ...state, history: state.history.slice(0, index + 1), transition: 'prev' }
    }
    case 'pushTransaction':
      return { ...state, transactionStack: [...state.transactionStack, event.tx] }
    case 'popTransaction': {
      if (state.transactionStack.length === 0) return state
      return { ...state, transactionStack: state.transactionStack.slice(0, -1) }
    }
    default: {
      const _: never = event
      return state
    }
  }
}

/** Inputs of {@link getStartView}. */
export interface StartViewParameters {
  /** The host drives WalletConnect itself (`manualWCControl`). */
  manualWCControl: boolean
  /** At least one chain adapter (wagmi, Solana…) is configured. */
  hasAdapters: boolean
  /** An address is connected. */
  isConnected: boolean
  isMobile: boolean
  /** The view the caller asked for, e.g. `open({ view: 'Networks' })`. */
  requested?: RouteEntry | undefined
}

/** The view the modal opens on (SPEC §2 "Choosing the start view", rules 1–4). */
export function getStartView(parameters: StartViewParameters): RouteEntry {
  const { manualWCControl, hasAdapters, isConnected, isMobile, requested } = parameters
  if (manualWCControl || (!hasAdapters && !isConnected))
    return { view: isMobile ? 'AllWallets' : 'ConnectingWalletConnectBasic' }
  if (requested) return toEntry(requested)
  if (isConnected) return { view: 'Account' }
  return { view: 'Connect' }
}

/**
 * The stack entry for `view` opened with `data` (no `data` key when there is none). Not checked
 * here: navigation is typed where it starts (`RouteEntry`, `RouteDataArgs`), so the two match.
 */
export function toRouteEntry(view: ViewName, data?: RouteData): RouteEntry {
  return (data === undefined ? { view } : { view, data }) as RouteEntry
}

function toEntry(entry: RouteEntry): RouteEntry {
  return toRouteEntry(entry.view, entry.data)
}
