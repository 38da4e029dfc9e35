export {
  type CustomWalletInput,
  type GetWalletListParameters,
  getWalletList,
  type RecentWalletInput,
  type WalletListConnector,
  type WalletListOptions,
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
// walletConnect() has its own entry, `latchkey/connectors/walletConnect`: importing this one never
// makes a bundler resolve WalletConnect's SDK (an optional peer).
export {
  isDisplayUriMessage,
  type WalletConnectDisplayUriMessage,
} from './walletConnect/isDisplayUriMessage'
export { walletConnectCloudRelayUrl } from './walletConnect/resolveRelay'
