import { getWalletList } from '../../connectors/getWalletList'
import { parseOptions } from '../../src/schemas/options'
import { createStorage } from '../../src/storage/createStorage'
import { createToastStore } from '../../src/stores/createToastStore'
import { createSiwxController } from '../siwx/createSiwxController'
import ModalRoot from './ModalRoot'

/**
 * What the modal's lazy chunk hands the first bundle: the modal itself and everything only the
 * modal (and the headless hooks built on it) needs: the options schema, storage, toasts and the
 * wallet list, and sign-in (loaded on connect when `siwx` is set: a chunk of its own would split
 * the code it shares with the page into more, worse-compressing chunks of the first bundle).
 * The provider imports it on first open, on preload, when `useWallets` runs, or on connect.
 */
export const modalChunk = {
  Root: ModalRoot,
  parseOptions,
  createStorage,
  createToastStore,
  getWalletList,
  createSiwxController,
}

/** The modal chunk's contents. */
export type ModalChunk = typeof modalChunk
