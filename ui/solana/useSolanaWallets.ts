import { useSyncExternalStore } from 'react'
import type { SolanaWallet } from '../../connectors/solana/solanaWallets'
import { type SolanaHookParameters, useSolanaAdapter } from './SolanaContext'

const none: readonly SolanaWallet[] = []

/**
 * The Solana wallets in the page (Wallet Standard), installed first, each with its `readyState`;
 * starts discovery on first use (loads `@wallet-standard/app`). Empty on the server.
 * @example const wallets = useSolanaWallets()
 */
export function useSolanaWallets(parameters: SolanaHookParameters = {}): readonly SolanaWallet[] {
  const adapter = useSolanaAdapter(parameters)
  return useSyncExternalStore(adapter.watchWallets, adapter.getWallets, () => none)
}
