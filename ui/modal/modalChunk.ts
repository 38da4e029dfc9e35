import { getWalletList } from '../../connectors/getWalletList'
import { SiwxNotEnabledError } from '../../src/errors/SiwxNotEnabledError'
import { parseOptions } from '../../src/schemas/options'
import { createStorage } from '../../src/storage/createStorage'
import { createToastStore } from '../../src/stores/createToastStore'
import { SiwxHost } from '../siwx/SiwxHost'
import ModalRoot from './ModalRoot'
import { watchProviderImitation } from './watchProviderImitation'

/**
 * What the modal's lazy chunk hands the first bundle: the modal itself and everything only the
 * modal (and the headless hooks built on it) needs: the options schema, storage, toasts and the
 * wallet list, and sign-in (its host component and `useSiwx`'s error; loaded on connect when `siwx` is set: a chunk of its own would split
 * the code it shares with the page into more, worse-compressing chunks of the first bundle).
 * The provider imports it on first open, on preload, when `useWallets` runs, or on connect.
 */
export const modalChunk = {
  Root: ModalRoot,
  parseOptions,
  createStorage,
  createToastStore,
  getWalletList,
  SiwxHost,
  SiwxNotEnabledError,
  watchProviderImitation,
}

/** The modal chunk's contents. */
export type ModalChunk = typeof modalChunk
