import { ModalNotLoadedError } from '../../../src/errors/ModalNotLoadedError'
import { modalChunk } from '../modalChunk'

/**
 * `part`, the export of a lazy part of the modal (the account chunk, the Solana views, sign-in's
 * host): a chunk fetched only after the modal's own. Its import of the modal's chunk is the point.
 * A bundler puts the modules reached from the same set of entries in one chunk, so a lazy part
 * that reaches only some of the first bundle's modules splits them into smaller chunks by which
 * part uses which: each such part cost the first bundle 0.3–0.4 KB gzip (esbuild, `npm run
 * bench`). A part that reaches the whole modal chunk splits nothing and fetches nothing more: the
 * modal's chunk is there before any part of it loads. The parts' `import()` calls therefore live
 * outside the modal's chunk (`preloadModal.ts`), or the two would import each other in a circle.
 */
export function afterModal<T>(part: T): T {
  // A read the bundler cannot drop keeps the import (an unused one goes, and its edge with it).
  if (!modalChunk.Root) throw new ModalNotLoadedError({ part: 'lazy' })
  return part
}
