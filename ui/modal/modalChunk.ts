import { parseOptions } from '../../src/schemas/options'
import { createStorage } from '../../src/storage/createStorage'
import { createToastStore } from '../../src/stores/createToastStore'
import { getWalletList } from '../../src/wallets/getWalletList'
import type { ModalChunk } from '../context/LatchkeyContext'
import { SiwxHost } from '../siwx/SiwxHost'
import { createModalAnalytics } from './createModalAnalytics'
import ModalRoot from './ModalRoot'
import { watchProviderImitation } from './watchProviderImitation'

/**
 * What the modal's lazy chunk hands the first bundle: the modal itself and everything only the
 * modal (and the headless hooks built on it) needs: the options schema, storage, toasts and the
 * wallet list, and sign-in's host component (loaded on connect when `siwx` is set: a chunk of its
 * own would split the code it shares with the page into more, worse-compressing chunks of the
 * first bundle). The provider imports it on first open, on preload, when `useWallets` runs, or on
 * connect. Its type lives with the context (`ModalChunk`), so nothing imports this file's type.
 */
export const modalChunk: ModalChunk = {
  Root: ModalRoot,
  parseOptions,
  createStorage,
  createToastStore,
  createAnalytics: createModalAnalytics,
  getWalletList,
  SiwxHost,
  watchProviderImitation,
}
