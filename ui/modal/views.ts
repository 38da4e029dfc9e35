import type { ComponentType } from 'react'
import type { ViewName } from '../../src/machines/router'
import type { ViewProps } from './ViewProps'
import { Account } from './views/Account'
import { AllWallets } from './views/AllWallets'
import { Connect } from './views/Connect'
import { ConnectingExternal } from './views/ConnectingExternal'
import { ConnectingWalletConnect } from './views/ConnectingWalletConnect'
import { ConnectingWalletConnectBasic } from './views/ConnectingWalletConnectBasic'
import { Networks } from './views/Networks'
import { SIWXSignMessage } from './views/SIWXSignMessage'
import { UnsupportedChain } from './views/UnsupportedChain'

/** The view component of each implemented view; the others fall back to Connect. */
export const views: Partial<Record<ViewName, ComponentType<ViewProps>>> & {
  Connect: ComponentType<ViewProps>
} = {
  Connect,
  AllWallets,
  ConnectingExternal,
  ConnectingWalletConnect,
  ConnectingWalletConnectBasic,
  Account,
  Networks,
  UnsupportedChain,
  SIWXSignMessage,
}
