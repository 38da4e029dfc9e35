import type { AnalyticsTracker } from '../analytics/createAnalyticsTracker'
import type { RouteEntry } from '../machines/router'
import type { LatchkeyOptions, ResolvedOptions } from '../schemas/options'
import type { LatchkeyStorage } from '../storage/createStorage'
import type { ModalStore } from '../stores/createModalStore'
import type { RouterStore } from '../stores/createRouterStore'
import type { ToastStore } from '../stores/createToastStore'
import type { WagmiStateLike } from './readConnection'

/** What the client needs of the lazily loaded modal chunk (the React one is `ui/modal/modalChunk`). */
export interface LatchkeyChunk {
  /** Validates the host's options (zod), defaults filled in; throws `OptionsValidationError`. */
  parseOptions(input: LatchkeyOptions): ResolvedOptions
  createStorage(): LatchkeyStorage
  createToastStore(): ToastStore
  /** The provider's analytics (SPEC §7); `toast` shows the allowlist alert of a 403. */
  createAnalytics(toast: ToastStore): AnalyticsTracker
  /** Starts the once-per-page check for providers imitating others. */
  watchProviderImitation(): void
}

/** The part of the sign-in controller the client calls: whether it takes a close. */
export interface LatchkeySignIn {
  /** True when sign-in refused the close (required, no session) or took it as a cancel. */
  interceptClose(): boolean
}

/** The loaded part of a client: the chunk, the validated options and the modal's own stores. */
export interface LatchkeyParts<Chunk extends LatchkeyChunk = LatchkeyChunk> {
  chunk: Chunk
  /** The host's options, validated by the zod schema, defaults filled in. */
  options: ResolvedOptions
  storage: LatchkeyStorage
  toast: ToastStore
  /** Analytics events, sent only to the host's `analytics.url` (SPEC §7). */
  analytics: AnalyticsTracker
}

/** The client's own state (the modal's and the router's are in their stores). */
export interface LatchkeyClientState<
  Chunk extends LatchkeyChunk = LatchkeyChunk,
  SignIn extends LatchkeySignIn = LatchkeySignIn,
> {
  /** The modal chunk and its stores once loaded (first open, preload, idle, a hook). */
  loaded: {
    chunk: Chunk
    storage: LatchkeyStorage
    toast: ToastStore
    analytics: AnalyticsTracker
  } | null
  /** The chunk once sign-in started (a wallet connected, or the first `signIn`), else null. */
  signInChunk: Chunk | null
  /** The running sign-in controller (null until its host handed it over). */
  signIn: SignIn | null
  /** `<ConnectModal>`s the host renders itself (the binding then renders none). */
  hostModals: number
  /** Invalid options found (development check, sign-in host): the binding throws it. */
  failure: { error: unknown } | null
  /**
   * The namespace the visitor last chose (connected through the modal, or picked on Account);
   * the one shown is this one while it is connected, else the other connected one.
   */
  namespace: LatchkeyNamespace
  /** The Solana connection, when a `<SolanaProvider>` inside the provider reports one. */
  solana: SolanaConnectionSnapshot | null
}

/** The namespaces the modal shows: wagmi's, and the Solana adapter's beside it. */
export type LatchkeyNamespace = 'eip155' | 'solana'

/** The Solana connection as `<SolanaProvider>` reports it (inside a `LatchkeyProvider`). */
export interface SolanaConnectionSnapshot {
  /** The app's adapter (`latchkey/solana`), for the modal's Solana views. */
  adapter: unknown
  status: string
  /** The active account (base58), when connected. */
  address: string | undefined
  /** The current cluster's name, e.g. 'Solana Devnet'. */
  clusterName: string
  /** The account's SOL balance as the button shows it (e.g. '1.500 SOL'), once read. */
  balance?: string | undefined
}

/** What `open()` accepts: a view to start on with its data, or nothing (the start view). */
export type LatchkeyOpenArgs = RouteEntry | { view?: undefined; data?: undefined }

/** Parameters of `createLatchkeyClient`. */
export interface CreateLatchkeyClientParameters<Chunk extends LatchkeyChunk> {
  /** The wagmi config (only its `state` is read): the one source of "connected". */
  config: { readonly state: WagmiStateLike }
  /** The host's options (SPEC §1, §9). @default {} */
  options?: LatchkeyOptions | undefined
  /** Imports the modal chunk; called at most once at a time, again only after a failure. */
  loadChunk(): Promise<Chunk>
  /** Whether the page is a phone's (the start view depends on it). @default () => false */
  isMobile?: (() => boolean) | undefined
}

/** A framework-free Latchkey: stores, the modal chunk, sign-in, open/close. */
export interface LatchkeyClient<
  Chunk extends LatchkeyChunk = LatchkeyChunk,
  SignIn extends LatchkeySignIn = LatchkeySignIn,
> {
  modal: ModalStore
  router: RouterStore
  getState(): LatchkeyClientState<Chunk, SignIn>
  subscribe(listener: (state: LatchkeyClientState<Chunk, SignIn>) => void): () => void
  /** The host's options as passed. */
  readonly options: LatchkeyOptions
  /** Replaces the options (a new object means new options); notifies nobody. */
  setOptions(options: LatchkeyOptions): void
  /** Whether a wallet is connected (see `isConnected`), in either namespace. */
  isConnected(): boolean
  /** `<SolanaProvider>` reports the Solana connection (null when it unmounts). */
  setSolana(solana: SolanaConnectionSnapshot | null): void
  /** Records the namespace the visitor chose (see `namespace`). */
  setNamespace(namespace: LatchkeyNamespace): void
  /** The loaded part with validated options, or null; throws `OptionsValidationError`. */
  getParts(): LatchkeyParts<Chunk> | null
  /** Loads the modal chunk once (cached; a failure lets the next call try again). */
  loadChunk(): Promise<Chunk>
  /** Loads the chunk and sets up the loaded part; settles at once when it is there. */
  loadParts(): Promise<void>
  /** Loads the modal chunk once the page is idle after its startup; returns a cancel function. */
  preloadWhenIdle(): () => void
  /** Picks the start view (SPEC §2) and opens the modal. */
  open(args?: LatchkeyOpenArgs): void
  /** Closes the modal, unless sign-in takes the close. */
  close(): void
  /** Starts sign-in (without `siwx`: resolves null); resolves with its controller. */
  startSignIn(): Promise<SignIn | null>
  /** The sign-in host hands its controller over (null when it stops). */
  setSignIn(signIn: SignIn | null): void
  /** Reports invalid options found outside the client (development check, sign-in host). */
  fail(failure: { error: unknown }): void
  /** A host-rendered modal registers; returns its unregister function (call it once). */
  registerHostModal(): () => void
  /** Clears the stores' timers (unmount). */
  destroy(): void
}
