// The import chunk (frame/importWallet/loadImportChunk.ts): its own script on the wallet origin,
// loaded with its SRI hash only when the visitor imports a wallet, so the BIP-39 word list and
// BIP-32 derivation cost the frame's first load nothing.
import { deriveImportKey } from './deriveImportKey'
import { type ImportChunk, importChunkGlobal } from './importChunk'
import { renderImportScreen } from './renderImportScreen'

const chunk: ImportChunk = { deriveImportKey, renderImportScreen }
Object.defineProperty(window, importChunkGlobal, { value: chunk })
