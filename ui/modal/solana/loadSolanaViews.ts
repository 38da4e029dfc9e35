import { lazyChunk } from '../lazy/lazyChunk'

/**
 * The Solana part of the modal (its wallet rows, connecting, account and receive views) in a chunk
 * of its own: fetched only when the app put a `<SolanaProvider>` around the `LatchkeyProvider`.
 */
export const solanaViewsChunk = lazyChunk(() =>
  import('./solanaViews').then((module) => module.solanaViews),
)
