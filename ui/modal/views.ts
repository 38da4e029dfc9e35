import type { ComponentType } from 'react'
import type { ViewName } from '../../src/machines/router'
import { accountViewsChunk } from './accountViews/loadAccountViews'
import { socialViewsChunk } from './embeddedWallet/lazySocial'
import { lazyView } from './lazy/lazyView'
import { onrampViewsChunk } from './onramp/loadOnrampViews'
import { sendViewsChunk } from './send/loadSendViews'
import { solanaViewsChunk } from './solana/loadSolanaViews'
import { swapViewsChunk } from './swap/loadSwapViews'
import type { ViewProps } from './ViewProps'
import { Account } from './views/Account'
import { AllWallets } from './views/AllWallets'
import { ApproveTransaction } from './views/ApproveTransaction'
import { Connect } from './views/Connect'
import { ConnectingExternal } from './views/ConnectingExternal'
import { ConnectingWalletConnect } from './views/ConnectingWalletConnect'
import { ConnectingWalletConnectBasic } from './views/ConnectingWalletConnectBasic'
import { EmailVerifyDevice } from './views/EmailVerifyDevice'
import { EmailVerifyOtp } from './views/EmailVerifyOtp'
import { SIWXSignMessage } from './views/SIWXSignMessage'
import { UpdateEmail } from './views/UpdateEmail'
import { UpdateEmailPrimaryOtp } from './views/UpdateEmailPrimaryOtp'
import { UpdateEmailSecondaryOtp } from './views/UpdateEmailSecondaryOtp'

/** The view component of each view, typed by its route data. */
export const views: { [V in ViewName]: ComponentType<ViewProps<V>> } = {
  Connect,
  ConnectingFarcaster: lazyView(socialViewsChunk, 'ConnectingFarcaster'),
  ConnectingSocial: lazyView(socialViewsChunk, 'ConnectingSocial'),
  AllWallets,
  ConnectingExternal,
  ConnectingWalletConnect,
  ConnectingWalletConnectBasic,
  Account,
  // Networks, UnsupportedChain, Receive and the send views load in chunks of their own when one
  // shows (Account fetches the first ahead): the first open carries the connect views and Account
  Networks: lazyView(accountViewsChunk, 'Networks'),
  UnsupportedChain: lazyView(accountViewsChunk, 'UnsupportedChain'),
  SIWXSignMessage,
  EmailVerifyOtp,
  EmailVerifyDevice,
  ApproveTransaction,
  UpdateEmail,
  UpdateEmailPrimaryOtp,
  UpdateEmailSecondaryOtp,
  Receive: lazyView(accountViewsChunk, 'Receive'),
  WalletSend: lazyView(sendViewsChunk, 'WalletSend'),
  WalletSendSelectToken: lazyView(sendViewsChunk, 'WalletSendSelectToken'),
  WalletSendPreview: lazyView(sendViewsChunk, 'WalletSendPreview'),
  Swap: lazyView(swapViewsChunk, 'Swap'),
  SwapSelectToken: lazyView(swapViewsChunk, 'SwapSelectToken'),
  SwapPreview: lazyView(swapViewsChunk, 'SwapPreview'),
  OnRampProviders: lazyView(onrampViewsChunk, 'OnRampProviders'),
  OnRampFiatSelect: lazyView(onrampViewsChunk, 'OnRampFiatSelect'),
  OnRampCountrySelect: lazyView(onrampViewsChunk, 'OnRampCountrySelect'),
  OnRampTokenSelect: lazyView(onrampViewsChunk, 'OnRampTokenSelect'),
  BuyInProgress: lazyView(onrampViewsChunk, 'BuyInProgress'),
  // the Solana views come with a `<SolanaProvider>` only, in a chunk of their own
  ConnectingSolana: lazyView(solanaViewsChunk, 'ConnectingSolana'),
  ConnectingSolanaWalletConnect: lazyView(solanaViewsChunk, 'ConnectingSolanaWalletConnect'),
  SolanaReceive: lazyView(solanaViewsChunk, 'SolanaReceive'),
  SolanaSend: lazyView(solanaViewsChunk, 'SolanaSend'),
  SolanaSendSelectToken: lazyView(solanaViewsChunk, 'SolanaSendSelectToken'),
  SolanaClusters: lazyView(solanaViewsChunk, 'SolanaClusters'),
}
