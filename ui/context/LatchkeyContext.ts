import { createContext } from 'react'
import type { RouteEntry } from '../../src/machines/router'
import type { LatchkeyOptions, ResolvedOptions } from '../../src/schemas/options'
import type { LatchkeyStorage } from '../../src/storage/createStorage'
import type { ModalStore } from '../../src/stores/createModalStore'
import type { RouterStore } from '../../src/stores/createRouterStore'
import type { ToastStore } from '../../src/stores/createToastStore'
import type { ModalChunk } from '../modal/modalChunk'
import type { ShellOptions } from '../resolveShellOptions'
import type { SiwxController } from '../siwx/createSiwxController'

/** What `open()` accepts: a view to start on with its data (typed by `RouteMap`), or nothing. */
export type OpenModalArgs = RouteEntry | { view?: undefined; data?: undefined }

/** The lazily loaded part of a provider: validated options and the modal's own stores. */
export interface ModalCore {
  chunk: ModalChunk
  /** The host's options, validated by the zod schema, defaults filled in. */
  options: ResolvedOptions
  storage: LatchkeyStorage
  toast: ToastStore
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
  core: ModalCore | null
  /** Loads the modal chunk and sets up `core`; settles at once when it is there. */
  loadCore(): Promise<void>
  /** Picks the start view (SPEC §2) and opens the modal. */
  openModal(args?: OpenModalArgs): void
  closeModal(): void
  /** A host-rendered `<ConnectModal>` registers so the provider does not render a second one. */
  registerHostModal(): () => void
  /** Sign-in (the `siwx` option): null until its chunk loaded (when a wallet connects). */
  siwx: SiwxController | null
  /** Loads the sign-in chunk; resolves with null when `siwx` is not set. */
  loadSiwx(): Promise<SiwxController | null>
}

/** Context of the nearest `LatchkeyProvider`. */
export const LatchkeyContext = createContext<LatchkeyContextValue | null>(null)
