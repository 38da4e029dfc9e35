import { getWalletList } from '../../connectors/getWalletList'
import { parseOptions } from '../../src/schemas/options'
import { createStorage } from '../../src/storage/createStorage'
import { createToastStore } from '../../src/stores/createToastStore'
import ModalRoot from './ModalRoot'

/**
 * What the modal's lazy chunk hands the first bundle: the modal itself and everything only the
 * modal (and the headless hooks built on it) needs: the options schema, storage, toasts and the
 * wallet list. The provider imports it on first open, on preload, or when `useWallets` runs.
 */
export const modalChunk = {
  Root: ModalRoot,
  parseOptions,
  createStorage,
  createToastStore,
  getWalletList,
}

/** The modal chunk's contents. */
export type ModalChunk = typeof modalChunk
