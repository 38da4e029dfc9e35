export type { RouteData, RouteMap, ViewName } from '../src/machines/router'
export type { LatchkeyOptions } from '../src/schemas/options'
export type { WalletGroup, WalletItem } from '../src/wallets/types'
export { ConnectButton, type ConnectButtonProps } from './ConnectButton'
export { ConnectModal, type ConnectModalProps } from './ConnectModal'
export type { OpenModalArgs } from './context/LatchkeyContext'
export { type EmailLogin, useEmailLogin } from './hooks/useEmailLogin'
export { type UseModalReturnType, useModal } from './hooks/useModal'
export { type UseSiwxReturnType, useSiwx } from './hooks/useSiwx'
export {
  type UseWalletConnectParameters,
  type UseWalletConnectReturnType,
  useWalletConnect,
} from './hooks/useWalletConnect'
export { type UseWalletsReturnType, useWallets } from './hooks/useWallets'
export { LatchkeyProvider, type LatchkeyProviderProps } from './LatchkeyProvider'
export type { LocaleKey, LocaleMessages } from './locales/types'
export { preloadModal } from './preloadModal'
export { darkTheme } from './theme/darkTheme'
export { lightTheme } from './theme/lightTheme'
export type { ThemeTokens } from './theme/ThemeTokens'
export { themeToStyle } from './theme/themeToStyle'
