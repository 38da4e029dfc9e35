import { lazyChunk } from '../lazy/lazyChunk'
import { importModalPart } from '../lazy/modalParts'

/**
 * The send views (the send form, its store and machine, viem's fee, gas, send and receipt
 * actions, the account data client and its schemas), in the account chunk, so the modal's first
 * open never carries them; fetched when Account shows, the Send row is pointed at or focused, or
 * a send view shows.
 */
export const sendViewsChunk = lazyChunk(() =>
  importModalPart('account').then((module) => module.sendViews),
)
