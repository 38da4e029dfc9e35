import { lazyChunk } from '../lazy/lazyChunk'

/**
 * The Account tabs' panels and the header's balance reader (data hooks, lists, rows): their own
 * chunk, so the modal's connect views never carry them; fetched when Account first shows.
 */
export const accountPanelsChunk = lazyChunk(() =>
  import('./AccountPanels').then((module) => module.accountPanels),
)
