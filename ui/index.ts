export type { TokenBalances, TransactionsPage } from '../src/account/accountDataClientTypes'
export type { SentTransaction } from '../src/account/createLocalActivity'
export type { TransactionGroup } from '../src/account/groupTransactions'
export type { ChainToken } from '../src/account/readChainBalances'
export type { DirectoryWallet } from '../src/directory/directoryWallet'
export type { RouteData, RouteMap, ViewName } from '../src/machines/router'
export type { SendStatus, SendToken } from '../src/machines/sendTypes'
export type { SwapRunState, SwapStep } from '../src/machines/swapRun'
export type {
  OnrampFiatCurrency,
  OnrampOptions,
  OnrampProviderInfo,
  OnrampQuote,
  OnrampSession,
  OnrampStatus,
  OnrampToken,
} from '../src/onramp/onrampTypes'
export type { Nft, TokenBalance, Transaction } from '../src/schemas/accountData'
export type { LatchkeyOptions, OnrampOption, SwapOption } from '../src/schemas/options'
export type { WalletGroup, WalletItem } from '../src/wallets/types'
export type { ConnectButtonProps } from './ConnectButton'
export type { ConnectModalProps } from './ConnectModal'
export type { OpenModalArgs } from './context/LatchkeyContext'
// The components and hooks are built files of their own (ui/exports/), each with "use client"
// first (tsup.config.ts), imported here by their built names and left external; this file has no
// directive. A Server Component rendering <ConnectButton/> then makes Next.js ship the shell, not
// every hook, and an app's bundler loads a hook the modal shares only when the app calls it.
export { SolanaProvider } from './exports/SolanaProvider.js'
export {
  ConnectButton,
  ConnectModal,
  LatchkeyProvider,
  preloadModal,
  useModal,
} from './exports/shell.js'
export { useActivity } from './exports/useActivity.js'
export { useEmailLogin } from './exports/useEmailLogin.js'
export { useNfts } from './exports/useNfts.js'
export { useOnrampOptions } from './exports/useOnrampOptions.js'
export { useOnrampQuotes } from './exports/useOnrampQuotes.js'
export { useOnrampSession } from './exports/useOnrampSession.js'
export { useOnrampStatus } from './exports/useOnrampStatus.js'
export { useReceive } from './exports/useReceive.js'
export { useSend } from './exports/useSend.js'
export { useSiwx } from './exports/useSiwx.js'
export { useSocialLogin } from './exports/useSocialLogin.js'
export { useSolanaAccount } from './exports/useSolanaAccount.js'
export { useSolanaBalance } from './exports/useSolanaBalance.js'
export { useSolanaCluster } from './exports/useSolanaCluster.js'
export { useSolanaConnect } from './exports/useSolanaConnect.js'
export { useSolanaDisconnect } from './exports/useSolanaDisconnect.js'
export { useSolanaSendTransaction } from './exports/useSolanaSendTransaction.js'
export { useSolanaSignMessage } from './exports/useSolanaSignMessage.js'
export { useSolanaSignTransaction } from './exports/useSolanaSignTransaction.js'
export { useSolanaTokenBalances } from './exports/useSolanaTokenBalances.js'
export { useSolanaWallets } from './exports/useSolanaWallets.js'
export { useSwap } from './exports/useSwap.js'
export { useSwapBuild } from './exports/useSwapBuild.js'
export { useSwapQuote } from './exports/useSwapQuote.js'
export { useSwapTokens } from './exports/useSwapTokens.js'
export { useTokenBalances } from './exports/useTokenBalances.js'
export { useWalletConnect } from './exports/useWalletConnect.js'
export { useWalletDirectory } from './exports/useWalletDirectory.js'
export { useWallets } from './exports/useWallets.js'
export type { UseActivityParameters, UseActivityReturnType } from './hooks/useActivity'
export type { EmailLogin } from './hooks/useEmailLogin'
export type { UseModalReturnType } from './hooks/useModal'
export type { NftsData, UseNftsParameters, UseNftsReturnType } from './hooks/useNfts'
export type {
  UseOnrampOptionsParameters,
  UseOnrampOptionsReturnType,
} from './hooks/useOnrampOptions'
export type {
  UseOnrampQuotesParameters,
  UseOnrampQuotesReturnType,
} from './hooks/useOnrampQuotes'
export type {
  OnrampSessionState,
  OnrampStartArgs,
  UseOnrampSessionReturnType,
} from './hooks/useOnrampSession'
export type {
  UseOnrampStatusParameters,
  UseOnrampStatusReturnType,
} from './hooks/useOnrampStatus'
export type { ReceiveNetwork, UseReceiveReturnType } from './hooks/useReceive'
export type { UseSendParameters, UseSendReturnType } from './hooks/useSend'
export type { UseSiwxReturnType } from './hooks/useSiwx'
export type { SocialLogin } from './hooks/useSocialLogin'
export type { SwapArgs, UseSwapParameters, UseSwapReturnType } from './hooks/useSwap'
export type {
  SwapBuildData,
  UseSwapBuildParameters,
  UseSwapBuildReturnType,
} from './hooks/useSwapBuild'
export type {
  SwapQuoteData,
  UseSwapQuoteParameters,
  UseSwapQuoteReturnType,
} from './hooks/useSwapQuote'
export type {
  SwapToken,
  SwapTokenOption,
  UseSwapTokensParameters,
  UseSwapTokensReturnType,
} from './hooks/useSwapTokens'
export type {
  UseTokenBalancesParameters,
  UseTokenBalancesReturnType,
} from './hooks/useTokenBalances'
export type {
  UseWalletConnectParameters,
  UseWalletConnectReturnType,
} from './hooks/useWalletConnect'
export type {
  UseWalletDirectoryParameters,
  UseWalletDirectoryReturnType,
  WalletDirectoryData,
} from './hooks/useWalletDirectory'
export type { UseWalletsReturnType } from './hooks/useWallets'
export type { LatchkeyProviderProps } from './LatchkeyProvider'
export type { LocaleKey, LocaleMessages } from './locales/types'
export type { SolanaHookParameters } from './solana/SolanaContext'
export type { SolanaProviderProps } from './solana/SolanaProvider'
export type { UseSolanaAccountReturnType } from './solana/useSolanaAccount'
export type {
  SolanaBalance,
  UseSolanaBalanceParameters,
  UseSolanaBalanceReturnType,
} from './solana/useSolanaBalance'
export type { UseSolanaClusterReturnType } from './solana/useSolanaCluster'
export type { UseSolanaConnectReturnType } from './solana/useSolanaConnect'
export type { UseSolanaDisconnectReturnType } from './solana/useSolanaDisconnect'
export type { UseSolanaSendTransactionReturnType } from './solana/useSolanaSendTransaction'
export type { UseSolanaSignMessageReturnType } from './solana/useSolanaSignMessage'
export type { UseSolanaSignTransactionReturnType } from './solana/useSolanaSignTransaction'
export { darkTheme } from './theme/darkTheme'
export { lightTheme } from './theme/lightTheme'
export type { ThemeTokens } from './theme/ThemeTokens'
export { themeToStyle } from './theme/themeToStyle'
export type { AccountDataParameters } from './useAccountDataClient'
