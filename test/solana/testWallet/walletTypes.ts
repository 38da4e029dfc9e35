/**
 * The Wallet Standard shapes the test wallet implements, written from `@wallet-standard/base`'s
 * published types and the Solana features (`@solana/wallet-standard-features`). Kept minimal:
 * only what this wallet offers.
 */

/** `solana:<cluster>` chain ids. */
export const solanaChains = [
  'solana:mainnet',
  'solana:devnet',
  'solana:testnet',
  'solana:localnet',
] as const
export type SolanaChain = (typeof solanaChains)[number]

/** A `WalletAccount`: base58 address, raw public key, chains and features it signs for. */
export interface StandardWalletAccount {
  readonly address: string
  readonly publicKey: Uint8Array
  readonly chains: readonly string[]
  readonly features: readonly string[]
  readonly label?: string
  readonly icon?: string
}

/** `solana:signAndSendTransaction` options (a subset of `SolanaSignAndSendTransactionOptions`). */
export interface SendOptions {
  preflightCommitment?: 'processed' | 'confirmed' | 'finalized'
  commitment?: 'processed' | 'confirmed' | 'finalized'
  skipPreflight?: boolean
  maxRetries?: number
  minContextSlot?: number
}

/** A `Wallet` (version 1.0.0 of the standard). */
export interface StandardWallet {
  readonly version: '1.0.0'
  readonly name: string
  readonly icon: `data:image/${'svg+xml' | 'webp' | 'png' | 'gif'};base64,${string}`
  readonly chains: readonly string[]
  readonly features: Readonly<Record<string, unknown>>
  readonly accounts: readonly StandardWalletAccount[]
}
