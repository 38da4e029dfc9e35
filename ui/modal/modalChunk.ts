import { parseOptions } from '../../src/schemas/parseOptions'
import { createStorage } from '../../src/storage/createStorage'
import { createToastStore } from '../../src/stores/createToastStore'
import { getWalletList } from '../../src/wallets/getWalletList'
import type { ModalChunk } from '../context/LatchkeyContext'
import { LazySiwxHost, loadSiwxHost } from '../siwx/LazySiwxHost'
import { createModalAnalytics } from './createModalAnalytics'
import { handleEmbedded } from './embeddedWallet/handleEmbedded'
import ModalRoot from './ModalRoot'
import { watchProviderImitation } from './watchProviderImitation'

export { setModalPartImports } from './lazy/modalParts'

/**
 * What the modal's lazy chunk hands the first bundle: the modal itself and everything only the
 * modal (and the headless hooks built on it) needs: the options schema, storage, toasts and the
 * wallet list, and the loader of sign-in's host (its own chunk, which the provider loads with this
 * one only when `siwx` is set). The provider imports it on first open, on preload, when
 * `useWallets` runs, or on connect. Its type lives with the context (`ModalChunk`), so nothing imports this file's type.
 */
export const modalChunk: ModalChunk = {
  Root: ModalRoot,
  parseOptions,
  createStorage,
  createToastStore,
  createAnalytics: createModalAnalytics,
  getWalletList,
  SiwxHost: LazySiwxHost,
  loadSiwxHost,
  watchProviderImitation,
  handleEmbedded,
}
