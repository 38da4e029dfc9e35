import { type ComponentType, createContext } from 'react'
import type { Config } from 'wagmi'
import type { ConnectorMessage } from '../../connectors/embeddedWallet/readEmbeddedWalletMessage'
import type { AnalyticsTracker } from '../../src/analytics/createAnalyticsTracker'
import type { LatchkeyNamespace, SolanaConnectionSnapshot } from '../../src/client/types'
import type { RouteEntry } from '../../src/machines/router'
import type { LatchkeyOptions, ResolvedOptions } from '../../src/schemas/options'
import type { parseOptions } from '../../src/schemas/parseOptions'
import type { SiwxOption } from '../../src/schemas/siwxOption'
import type { createStorage, LatchkeyStorage } from '../../src/storage/createStorage'
import type { ModalStore } from '../../src/stores/createModalStore'
import type { RouterStore } from '../../src/stores/createRouterStore'
import type { SiwxStore } from '../../src/stores/createSiwxStore'
import type { createToastStore, ToastStore } from '../../src/stores/createToastStore'
import type { getWalletList } from '../../src/wallets/getWalletList'
import type { ShellOptions } from '../resolveShellOptions'

// The types the provider, the modal chunk and the sign-in code share are declared here, where the
// context lives: the modules that implement them import this file, never the other way round (an
// import of the modal chunk's type from here once closed a circle through every view and hook).

/** Props of the modal chunk's `ModalRoot`. */
export interface ModalRootProps {
  open: boolean
  /** Inline mode: no portal, no overlay, no focus trap. */
  embedded: boolean
}

/** Props of the modal chunk's `SiwxHost`. */
export interface SiwxHostProps {
  option: SiwxOption
  config: Config
  router: RouterStore
  modal: ModalStore
  parts: ModalParts | null
  /** An invalid `siwx` option: the provider throws it into React. */
  onInvalid(invalid: { error: unknown }): void
  /** Hands the running controller up to the provider (null once it stopped). */
  onController(controller: SiwxController | null): void
  /** The client's namespace and Solana connection: sign-in follows the namespace shown. */
  getClientState?(): { namespace: LatchkeyNamespace; solana: SolanaConnectionSnapshot | null }
  /** Calls `listener` on every change of that state; returns the unsubscribe. */
  subscribeClient?(listener: () => void): () => void
}

/**
 * What the modal's lazy chunk (`ui/modal/modalChunk.ts`) hands the first bundle: the modal itself
 * and what only the modal and the headless hooks built on it need.
 */
export interface ModalChunk {
  Root: ComponentType<ModalRootProps>
  parseOptions: typeof parseOptions
  createStorage: typeof createStorage
  createToastStore: typeof createToastStore
  /** The provider's analytics (SPEC §7); `toast` shows the allowlist alert of a 403. */
  createAnalytics(toast: ToastStore): AnalyticsTracker
  getWalletList: typeof getWalletList
  /** Renders sign-in's host once its own chunk is there (see `loadSiwxHost`). */
  SiwxHost: ComponentType<SiwxHostProps>
  /** Loads sign-in's chunk (host, controller, machine); the provider calls it when `siwx` is set. */
  loadSiwxHost(): Promise<unknown>
  watchProviderImitation(): void
  /**
   * Follows an embedded wallet's messages: an approval opens ApproveTransaction by itself, a
   * redirect-mode social login back on the page opens ConnectingSocial.
   */
  handleEmbedded(
    context: LatchkeyContextValue,
    message: ConnectorMessage,
    isConnected: boolean,
  ): void
}

/** Sign-in for one provider (made by `createSiwxController`): the store and its wiring to wagmi and the modal. */
export interface SiwxController {
  option: SiwxOption
  store: SiwxStore
  /** Starts following wagmi's connection and driving the modal; returns the stop function. */
  start(): () => void
  /**
   * Asked before the modal closes (close control, Escape, overlay, `useModal().close`): true when
   * sign-in handled it (refused while required with no session, or taken as a cancel).
   */
  interceptClose(): boolean
}

/** What `open()` accepts: a view to start on with its data (typed by `RouteMap`), or nothing. */
export type OpenModalArgs = RouteEntry | { view?: undefined; data?: undefined }

/** The lazily loaded part of a provider: validated options and the modal's own stores. */
export interface ModalParts {
  chunk: ModalChunk
  /** The host's options, validated by the zod schema, defaults filled in. */
  options: ResolvedOptions
  storage: LatchkeyStorage
  toast: ToastStore
  /** Analytics events, sent only to the host's `analytics.url` (SPEC §7). */
  analytics: AnalyticsTracker
}

/** Everything one `LatchkeyProvider` hands down. */
export interface LatchkeyContextValue {
  /** The options as the host passed them (validated once the modal chunk loads). */
  input: LatchkeyOptions
  /** What the first bundle reads from the options, with defaults. */
  shell: ShellOptions
  router: RouterStore
  modal: ModalStore
  /** The modal chunk's part, or null until it loaded (first open, preload, `useWallets`). */
  parts: ModalParts | null
  /** Loads the modal chunk and sets up `parts`; settles at once when it is there. */
  loadParts(): Promise<void>
  /** Picks the start view (SPEC §2) and opens the modal. */
  openModal(args?: OpenModalArgs): void
  closeModal(): void
  /** A host-rendered `<ConnectModal>` registers so the provider does not render a second one. */
  registerHostModal(): () => void
  /** Sign-in (the `siwx` option): null until its chunk loaded (when a wallet connects). */
  siwx: SiwxController | null
  /** Loads the sign-in chunk; resolves with null when `siwx` is not set. */
  loadSiwx(): Promise<SiwxController | null>
  /**
   * The namespace the button and Account show: the one the visitor chose while it is connected,
   * else the other connected one (`pickNamespace`).
   */
  namespace: LatchkeyNamespace
  /** Records the namespace the visitor chose (Account's switch, a connect). */
  setNamespace(namespace: LatchkeyNamespace): void
  /** The Solana connection a `<SolanaProvider>` inside this provider reports, else null. */
  solana: SolanaConnectionSnapshot | null
  setSolana(solana: SolanaConnectionSnapshot | null): void
}

/** Context of the nearest `LatchkeyProvider`. */
export const LatchkeyContext = createContext<LatchkeyContextValue | null>(null)
