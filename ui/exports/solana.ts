import { useSolanaAccount as useSolanaAccountHook } from '../solana/useSolanaAccount'
import { useSolanaBalance as useSolanaBalanceHook } from '../solana/useSolanaBalance'
import { useSolanaCluster as useSolanaClusterHook } from '../solana/useSolanaCluster'
import { useSolanaConnect as useSolanaConnectHook } from '../solana/useSolanaConnect'
import { useSolanaDisconnect as useSolanaDisconnectHook } from '../solana/useSolanaDisconnect'
import { useSolanaSendTransaction as useSolanaSendTransactionHook } from '../solana/useSolanaSendTransaction'
import { useSolanaSignMessage as useSolanaSignMessageHook } from '../solana/useSolanaSignMessage'
import { useSolanaSignTransaction as useSolanaSignTransactionHook } from '../solana/useSolanaSignTransaction'
import { useSolanaTokenBalances as useSolanaTokenBalancesHook } from '../solana/useSolanaTokenBalances'
import { useSolanaWallets as useSolanaWalletsHook } from '../solana/useSolanaWallets'

// The Solana hooks and provider, one client file for all of them: an app that uses none never
// loads it. They import only types from `latchkey/solana` (the adapter comes from the app), so
// this entry carries no Solana code. Each hook is a function of its own here that calls the one
// in ui/solana/, as ./useEmailLogin.ts explains: the modal's Solana views import those, never
// this file, so an app that calls none keeps TanStack's query and mutation observers out of its
// first bundle.
export { SolanaProvider } from '../solana/SolanaProvider'

/**
 * The Solana account: status, address, wallet and cluster.
 * @example const { address, isConnected } = useSolanaAccount()
 */
export function useSolanaAccount(
  ...parameters: Parameters<typeof useSolanaAccountHook>
): ReturnType<typeof useSolanaAccountHook> {
  return useSolanaAccountHook(...parameters)
}

/**
 * The SOL balance of an address (the connected account by default) on the current cluster.
 * @example const { data } = useSolanaBalance()
 */
export function useSolanaBalance(
  ...parameters: Parameters<typeof useSolanaBalanceHook>
): ReturnType<typeof useSolanaBalanceHook> {
  return useSolanaBalanceHook(...parameters)
}

/**
 * The current cluster and the switch to another configured one.
 * @example const { cluster, switchCluster } = useSolanaCluster()
 */
export function useSolanaCluster(
  ...parameters: Parameters<typeof useSolanaClusterHook>
): ReturnType<typeof useSolanaClusterHook> {
  return useSolanaClusterHook(...parameters)
}

/**
 * Connects a Solana wallet by name.
 * @example const { wallets, connect } = useSolanaConnect()
 */
export function useSolanaConnect(
  ...parameters: Parameters<typeof useSolanaConnectHook>
): ReturnType<typeof useSolanaConnectHook> {
  return useSolanaConnectHook(...parameters)
}

/**
 * Disconnects the Solana wallet (the EVM connection stays).
 * @example const { disconnect } = useSolanaDisconnect()
 */
export function useSolanaDisconnect(
  ...parameters: Parameters<typeof useSolanaDisconnectHook>
): ReturnType<typeof useSolanaDisconnectHook> {
  return useSolanaDisconnectHook(...parameters)
}

/**
 * Signs and sends a wire transaction through the connected wallet.
 * @example const { sendTransaction } = useSolanaSendTransaction()
 */
export function useSolanaSendTransaction(
  ...parameters: Parameters<typeof useSolanaSendTransactionHook>
): ReturnType<typeof useSolanaSendTransactionHook> {
  return useSolanaSendTransactionHook(...parameters)
}

/**
 * Signs a message with the connected Solana account.
 * @example const { signMessage } = useSolanaSignMessage()
 */
export function useSolanaSignMessage(
  ...parameters: Parameters<typeof useSolanaSignMessageHook>
): ReturnType<typeof useSolanaSignMessageHook> {
  return useSolanaSignMessageHook(...parameters)
}

/**
 * Signs a wire transaction without sending it.
 * @example const { signTransaction } = useSolanaSignTransaction()
 */
export function useSolanaSignTransaction(
  ...parameters: Parameters<typeof useSolanaSignTransactionHook>
): ReturnType<typeof useSolanaSignTransactionHook> {
  return useSolanaSignTransactionHook(...parameters)
}

/**
 * The SPL token balances of an address (the connected account by default) on the current cluster.
 * @example const { data } = useSolanaTokenBalances()
 */
export function useSolanaTokenBalances(
  ...parameters: Parameters<typeof useSolanaTokenBalancesHook>
): ReturnType<typeof useSolanaTokenBalancesHook> {
  return useSolanaTokenBalancesHook(...parameters)
}

/**
 * The Solana wallets in the page (Wallet Standard), installed first.
 * @example const wallets = useSolanaWallets()
 */
export function useSolanaWallets(
  ...parameters: Parameters<typeof useSolanaWalletsHook>
): ReturnType<typeof useSolanaWalletsHook> {
  return useSolanaWalletsHook(...parameters)
}
