export { embeddedWallet, getEmbeddedWalletApi } from './embeddedWallet'
export {
  type EmbeddedAccountType,
  type EmbeddedUser,
  type EmbeddedWalletApi,
  type EmbeddedWalletMessage,
  type EmbeddedWalletParameters,
  isEmbeddedWalletMessage,
} from './embeddedWallet/embeddedWalletTypes'
export {
  type CustomWalletInput,
  type GetWalletListParameters,
  getWalletList,
  type RecentWalletInput,
  type WalletGroup,
  type WalletItem,
  type WalletListConnector,
  type WalletListOptions,
} from './getWalletList'
export {
  isDisplayUriMessage,
  type WalletConnectDisplayUriMessage,
  type WalletConnectMetadata,
  type WalletConnectParameters,
  walletConnect,
} from './walletConnect'
export { walletConnectCloudRelayUrl } from './walletConnect/resolveRelay'
