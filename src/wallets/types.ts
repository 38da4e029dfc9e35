import type { WalletLinks } from '../walletConnect/buildWalletLink'

/** Where a wallet sits in the Connect view (SPEC §9 connector type order). */
export type WalletGroup =
  | 'walletConnect'
  | 'recent'
  | 'injected'
  | 'featured'
  | 'custom'
  | 'external'

/** One wallet row of the Connect and AllWallets views. */
export interface WalletItem {
  /** Connector uid for wagmi connectors, wallet id for custom wallets. */
  id: string
  name: string
  /** Only https: or data:image/ URLs; anything else is dropped. */
  icon?: string | undefined
  rdns?: string | undefined
  group: WalletGroup
  /** The wagmi connector uid when the wallet can connect now. */
  connectorUid?: string | undefined
  installed: boolean
  /** Custom wallets without a connector: where to send the visitor (https only). */
  link?: string | undefined
  /** Links that open the wallet with a WalletConnect URI (allowlisted schemes only). */
  links?: WalletLinks | undefined
}
