export type { RouteData, RouteMap, ViewName } from '../src/machines/router'
export type { LatchkeyOptions } from '../src/schemas/options'
export type { WalletGroup, WalletItem } from '../src/wallets/types'
export { ConnectButton, type ConnectButtonProps } from './ConnectButton'
export { ConnectModal, type ConnectModalProps } from './ConnectModal'
export type { OpenModalArgs } from './context/LatchkeyContext'
// Hooks the modal uses too: each is its own package entry, imported with its built name and left
// external (tsup.config.ts), so an app that does not call it never loads it before the modal.
export { useEmailLogin } from './exports/useEmailLogin.js'
export { useSiwx } from './exports/useSiwx.js'
export { useWalletConnect } from './exports/useWalletConnect.js'
export { useWallets } from './exports/useWallets.js'
export type { EmailLogin } from './hooks/useEmailLogin'
export { type UseModalReturnType, useModal } from './hooks/useModal'
export type { UseSiwxReturnType } from './hooks/useSiwx'
export type {
  UseWalletConnectParameters,
  UseWalletConnectReturnType,
} from './hooks/useWalletConnect'
export type { UseWalletsReturnType } from './hooks/useWallets'
export { LatchkeyProvider, type LatchkeyProviderProps } from './LatchkeyProvider'
export type { LocaleKey, LocaleMessages } from './locales/types'
export { preloadModal } from './preloadModal'
export { darkTheme } from './theme/darkTheme'
export { lightTheme } from './theme/lightTheme'
export type { ThemeTokens } from './theme/ThemeTokens'
export { themeToStyle } from './theme/themeToStyle'
