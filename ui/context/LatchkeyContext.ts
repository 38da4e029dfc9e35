import { createContext } from 'react'
import type { RouteData, ViewName } from '../../src/machines/router'
import type { ResolvedOptions } from '../../src/schemas/options'
import type { LatchkeyStorage } from '../../src/storage/createStorage'
import type { ModalStore } from '../../src/stores/createModalStore'
import type { RouterStore } from '../../src/stores/createRouterStore'
import type { ToastStore } from '../../src/stores/createToastStore'

/** What `open()` accepts: a view to start on, with its data. */
export interface OpenModalArgs {
  view?: ViewName | undefined
  data?: RouteData | undefined
}

/** Everything one `LatchkeyProvider` hands down: parsed options and its own stores. */
export interface LatchkeyContextValue {
  options: ResolvedOptions
  router: RouterStore
  modal: ModalStore
  toast: ToastStore
  storage: LatchkeyStorage
  /** Picks the start view (SPEC §2) and opens the modal. */
  openModal(args?: OpenModalArgs): void
  closeModal(): void
  /** A host-rendered `<ConnectModal>` registers so the provider does not render a second one. */
  registerHostModal(): () => void
}

/** Context of the nearest `LatchkeyProvider`. */
export const LatchkeyContext = createContext<LatchkeyContextValue | null>(null)
