import { lazyChunk } from '../lazy/lazyChunk'
import { importModalPart } from '../lazy/modalParts'

/**
 * Networks, UnsupportedChain and Receive with their hooks (the confirmed chain switch, the receive
 * QR), in the account chunk: fetched when Account shows, so a click on its network pill or Receive finds them loaded.
 */
export const accountViewsChunk = lazyChunk(() =>
  importModalPart('account').then((module) => module.accountViews),
)
