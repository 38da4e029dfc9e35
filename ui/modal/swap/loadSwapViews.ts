import { lazyChunk } from '../lazy/lazyChunk'
import { importModalPart } from '../lazy/modalParts'

/**
 * The swap views (the form, token list and preview, the swap hooks, the 0x and 1inch adapters
 * and their schemas, the quote check and executeSwap), in the account chunk, so neither an app's
 * first bundle nor the modal's first open carries them; fetched when Account shows, the Swap row
 * is pointed at or focused, or a swap view shows.
 */
export const swapViewsChunk = lazyChunk(() =>
  importModalPart('account').then((module) => module.swapViews),
)
