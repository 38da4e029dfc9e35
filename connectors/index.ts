export type { SocialLoginOptions } from '../src/embeddedWallet/createSocialLoginFlow'
export type {
  EmbeddedAccountType,
  EmbeddedWalletUser as EmbeddedUser,
} from '../src/schemas/embeddedWalletTypes'
export type {
  CustomWalletInput,
  GetWalletListParameters,
  RecentWalletInput,
  WalletListConnector,
  WalletListOptions,
} from '../src/wallets/getWalletList'
export type { WalletGroup, WalletItem } from '../src/wallets/types'
export { embeddedWallet, getEmbeddedWalletApi } from './embeddedWallet'
export type {
  EmbeddedWalletApi,
  EmbeddedWalletMessage,
  EmbeddedWalletParameters,
} from './embeddedWallet/embeddedWalletTypes'
export { isEmbeddedWalletMessage } from './embeddedWallet/readEmbeddedWalletMessage'
// Imported by its built name and left external (tsup.config.ts), as ui/index.ts does its hooks.
export { getWalletList } from './exports/getWalletList.js'
// walletConnect() has its own entry, `latchkey/connectors/walletConnect`: importing this one never
// makes a bundler resolve WalletConnect's SDK (an optional peer).
export {
  isDisplayUriMessage,
  type WalletConnectDisplayUriMessage,
} from './walletConnect/isDisplayUriMessage'
export { walletConnectCloudRelayUrl } from './walletConnect/resolveRelay'
