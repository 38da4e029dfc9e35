import {
  type GetWalletListParameters,
  getWalletList as groupWallets,
} from '../../src/wallets/getWalletList'
import type { WalletItem } from '../../src/wallets/types'

/**
 * Groups wallets for the Connect view: ordered by `features.connectorTypeOrder`, deduplicated
 * by rdns (then id; the first group wins), excluded ids dropped, included ids only (if any).
 * @see https://eips.ethereum.org/EIPS/eip-6963
 * @example const wallets = getWalletList({ connectors: config.connectors, options })
 */
export function getWalletList(parameters: GetWalletListParameters): WalletItem[] {
  // A function of its own, built as its own file (tsup.config.ts) that connectors/index.js
  // imports as an external: the modal imports the function it wraps, never this file, so an app
  // that imports `embeddedWallet()` from `latchkey/connectors` keeps the wallet list out of its
  // first bundle (esbuild puts every file a loaded file imports in the first bundle, used or not,
  // once anything uses it).
  return groupWallets(parameters)
}
