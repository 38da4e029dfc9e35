import { lazyChunk } from '../lazy/lazyChunk'
import { importModalPart } from '../lazy/modalParts'

/**
 * The Solana part of the modal (its wallet rows, connecting, account and receive views) in a chunk
 * of its own: fetched only in an app with a `<SolanaProvider>` (see `preloadModal.ts` for its `import()`).
 */
export const solanaViewsChunk = lazyChunk(() =>
  importModalPart('solana').then((module) => module.solanaViews),
)
