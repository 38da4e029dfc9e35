import type { ComponentType } from 'react'
import type { ViewName } from '../../src/machines/router'
import { lazySendView } from './send/lazySendView'
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
import { Networks } from './views/Networks'
import { Receive } from './views/Receive'
import { SIWXSignMessage } from './views/SIWXSignMessage'
import { UnsupportedChain } from './views/UnsupportedChain'
import { UpdateEmail } from './views/UpdateEmail'
import { UpdateEmailPrimaryOtp } from './views/UpdateEmailPrimaryOtp'
import { UpdateEmailSecondaryOtp } from './views/UpdateEmailSecondaryOtp'

/** The view component of each view, typed by its route data; Farcaster is not built (Connect). */
export const views: { [V in ViewName]: ComponentType<ViewProps<V>> } = {
  Connect,
  ConnectingFarcaster: Connect,
  AllWallets,
  ConnectingExternal,
  ConnectingWalletConnect,
  ConnectingWalletConnectBasic,
  Account,
  Networks,
  UnsupportedChain,
  SIWXSignMessage,
  EmailVerifyOtp,
  EmailVerifyDevice,
  ApproveTransaction,
  UpdateEmail,
  UpdateEmailPrimaryOtp,
  UpdateEmailSecondaryOtp,
  Receive,
  // their own chunk, loaded when one shows: the first open does not carry the send flow
  WalletSend: lazySendView('WalletSend'),
  WalletSendSelectToken: lazySendView('WalletSendSelectToken'),
  WalletSendPreview: lazySendView('WalletSendPreview'),
}
