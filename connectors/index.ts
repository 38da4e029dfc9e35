export type {
  CustomWalletInput,
  GetWalletListParameters,
  RecentWalletInput,
  WalletListConnector,
  WalletListOptions,
} from '../src/wallets/getWalletList'
export type { WalletGroup, WalletItem } from '../src/wallets/types'
export { embeddedWallet, getEmbeddedWalletApi } from './embeddedWallet'
export {
  type EmbeddedAccountType,
  type EmbeddedUser,
  type EmbeddedWalletApi,
  type EmbeddedWalletMessage,
  type EmbeddedWalletParameters,
  isEmbeddedWalletMessage,
} from './embeddedWallet/embeddedWalletTypes'
// Imported by its built name and left external (tsup.config.ts), as ui/index.ts does its hooks.
export { getWalletList } from './exports/getWalletList.js'
// walletConnect() has its own entry, `latchkey/connectors/walletConnect`: importing this one never
// makes a bundler resolve WalletConnect's SDK (an optional peer).
export {
  isDisplayUriMessage,
  type WalletConnectDisplayUriMessage,
} from './walletConnect/isDisplayUriMessage'
export { walletConnectCloudRelayUrl } from './walletConnect/resolveRelay'
