import { lazyChunk } from '../lazy/lazyChunk'
import { importModalPart } from '../lazy/modalParts'

/**
 * The Account tabs' panels and the header's balance reader (data hooks, lists, rows): their own
 * chunk, so the modal's connect views never carry them; fetched when Account first shows.
 */
export const accountPanelsChunk = lazyChunk(() =>
  importModalPart('account').then((module) => module.accountPanels),
)
