export type {
  EmbeddedAccountType,
  EmbeddedWalletUser as EmbeddedUser,
} from '../src/schemas/embeddedWalletTypes'
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
export type {
  EmbeddedWalletApi,
  EmbeddedWalletMessage,
  EmbeddedWalletParameters,
} from './embeddedWallet/embeddedWalletTypes'
export { isEmbeddedWalletMessage } from './embeddedWallet/readEmbeddedWalletMessage'
// walletConnect() has its own entry, `latchkey/connectors/walletConnect`: importing this one never
// makes a bundler resolve WalletConnect's SDK (an optional peer).
export {
  isDisplayUriMessage,
  type WalletConnectDisplayUriMessage,
} from './walletConnect/isDisplayUriMessage'
export { walletConnectCloudRelayUrl } from './walletConnect/resolveRelay'
