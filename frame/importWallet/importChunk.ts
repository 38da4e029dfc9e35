import type { deriveImportKey } from './deriveImportKey'
import type { renderImportScreen } from './renderImportScreen'

/** What the import chunk hands the frame (frame/importWallet/chunk.ts). */
export type ImportChunk = {
  deriveImportKey: typeof deriveImportKey
  renderImportScreen: typeof renderImportScreen
}

/** The window property (wallet origin only) the chunk defines once it ran. */
export const importChunkGlobal = '__latchkeyImportChunk'
