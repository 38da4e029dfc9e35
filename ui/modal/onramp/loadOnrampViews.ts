import { lazyChunk } from '../lazy/lazyChunk'
import { importModalPart } from '../lazy/modalParts'

/**
 * The on-ramp views (the quotes, the currency and token lists, the purchase in progress, their
 * hooks and strings), in the account chunk, so neither an app's first bundle nor the modal's
 * first open carries them; fetched when Account shows, the Buy row is pointed at or focused, or
 * an on-ramp view shows.
 */
export const onrampViewsChunk = lazyChunk(() =>
  importModalPart('account').then((module) => module.onrampViews),
)
