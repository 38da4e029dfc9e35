import { lazyChunk } from '../lazy/lazyChunk'

/**
 * Networks, UnsupportedChain and Receive with their hooks (the confirmed chain switch, the receive
 * QR): fetched when Account shows, so a click on its network pill or Receive finds them loaded.
 */
export const accountViewsChunk = lazyChunk(() =>
  import('./AccountViews').then((module) => module.accountViews),
)
