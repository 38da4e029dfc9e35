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
