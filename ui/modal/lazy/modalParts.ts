import type { ComponentType } from 'react'
import type { createSocialLoginFlow } from '../../../src/embeddedWallet/createSocialLoginFlow'
import { ModalNotLoadedError } from '../../../src/errors/ModalNotLoadedError'
import type { ViewName } from '../../../src/machines/router'
import type { SiwxHostProps } from '../../context/LatchkeyContext'
import type { SocialMethodProps } from '../embeddedWallet/SocialMethod'
import type { NetworkDisplay } from '../useNetworkInfo'
import type { ViewProps } from '../ViewProps'

/** Views by name, each typed by its route data. */
type Views<V extends ViewName> = { [K in V]: ComponentType<ViewProps<K>> }

/**
 * What each lazy part of the modal exports: its module says it `satisfies` this, and the modal
 * reads it through {@link importModalPart}, never by importing the module (see `afterModal.ts`).
 */
export interface ModalPartModules {
  /** The account chunk: Account's tabs and balance, the account views, the send, swap and on-ramp views. */
  account: {
    accountPanels: {
      TokensPanel: ComponentType<{ network: NetworkDisplay | undefined }>
      NftsPanel: ComponentType
      ActivityPanel: ComponentType
      AccountBalance: ComponentType<{ address: string; network: NetworkDisplay | undefined }>
    }
    accountViews: Views<'Networks' | 'UnsupportedChain' | 'Receive'>
    sendViews: Views<'WalletSend' | 'WalletSendSelectToken' | 'WalletSendPreview'>
    swapViews: Views<'Swap' | 'SwapSelectToken' | 'SwapPreview'>
    onrampViews: Views<
      | 'OnRampProviders'
      | 'OnRampFiatSelect'
      | 'OnRampCountrySelect'
      | 'OnRampTokenSelect'
      | 'BuyInProgress'
    >
  }
  /** The Solana chunk: fetched only in an app with a `<SolanaProvider>`. */
  solana: {
    solanaViews: Views<
      | 'ConnectingSolana'
      | 'ConnectingSolanaWalletConnect'
      | 'SolanaReceive'
      | 'SolanaSend'
      | 'SolanaSendSelectToken'
      | 'SolanaClusters'
    > & {
      SolanaWalletRows: ComponentType
      SolanaAccount: ComponentType
    }
  }
  /**
   * Social and Farcaster login, and the embedded account's Security row: fetched when the wallet
   * server names providers, or Account shows an embedded wallet's account.
   */
  social: {
    socialViews: Views<'ConnectingSocial' | 'ConnectingFarcaster'> & {
      SocialMethod: ComponentType<SocialMethodProps>
      AccountSocial: ComponentType
      AccountSecurity: ComponentType
      AccountLogins: ComponentType
      /** The recovery setup after a sealed wallet's login, and its warning row until it is set. */
      AccountRecovery: ComponentType
      /** The social login flow's maker: the modal's shared flow is made once this chunk is here. */
      createSocialLoginFlow: typeof createSocialLoginFlow
    }
  }
  /** Sign-in's host: fetched only with `siwx` set. */
  siwxHost: { SiwxHost: ComponentType<SiwxHostProps> }
}

/** The `import()` of each lazy part, written where the modal's own `import()` is (`preloadModal`). */
export type ModalPartImports = { [K in keyof ModalPartModules]: () => Promise<ModalPartModules[K]> }

let imports: ModalPartImports | undefined

/** Called by `preloadModal` with the chunk, before anything in it can ask for a part. */
export function setModalPartImports(next: ModalPartImports): void {
  imports = next
}

/** Fetches a lazy part of the modal (once per page: the bundler's chunk is cached). */
export function importModalPart<K extends keyof ModalPartModules>(
  part: K,
): Promise<ModalPartModules[K]> {
  if (!imports) return Promise.reject(new ModalNotLoadedError({ part }))
  return imports[part]()
}
