import type { Commitment } from '../solana/commitment'
import type { CanonicalRequest } from './types'

/** The Solana methods that need the visitor's approval (SPEC §6, §7). */
export type SolanaApprovalMethod =
  | 'solana_signMessage'
  | 'solana_signTransaction'
  | 'solana_signAllTransactions'
  | 'solana_signAndSendTransaction'

/** A cluster as the Wallet Standard names it: `solana:mainnet`, `solana:devnet`, `solana:localnet`. */
export type SolanaChain = `solana:${string}`

/** solana_signMessage: the exact bytes signed (ed25519, no prefix), and their text when UTF-8. */
export interface CanonicalSolanaSignMessage {
  method: 'solana_signMessage'
  /** The signing account (base58 public key). */
  account: string
  /** The bytes signed, as standard base64. */
  message: string
  /** The bytes decoded as UTF-8, when they are valid UTF-8. */
  text?: string
}

/** solana_signTransaction: one wire transaction (legacy or v0) whose fee payer is the account. */
export interface CanonicalSolanaSignTransaction {
  method: 'solana_signTransaction'
  chain: SolanaChain
  account: string
  /** The whole wire transaction as standard base64; the account signs its message bytes. */
  transaction: string
}

/** solana_signAllTransactions: each transaction signed as solana_signTransaction signs one. */
export interface CanonicalSolanaSignAllTransactions {
  method: 'solana_signAllTransactions'
  chain: SolanaChain
  account: string
  transactions: string[]
}

/** How the server hands a signed transaction to the cluster (`sendTransaction`'s config). */
export interface CanonicalSolanaSendOptions {
  /** Current names only (`recent` is sent as `processed`, …). */
  preflightCommitment?: Commitment
  skipPreflight?: boolean
  maxRetries?: number
  minContextSlot?: number
}

/** solana_signAndSendTransaction: signed as solana_signTransaction, then sent to the cluster. */
export interface CanonicalSolanaSignAndSendTransaction {
  method: 'solana_signAndSendTransaction'
  chain: SolanaChain
  account: string
  transaction: string
  options: CanonicalSolanaSendOptions
}

/** A Solana request that needs approval, normalised: what the screen shows is what is signed. */
export type CanonicalSolanaRequest =
  | CanonicalSolanaSignMessage
  | CanonicalSolanaSignTransaction
  | CanonicalSolanaSignAllTransactions
  | CanonicalSolanaSignAndSendTransaction

/** Any canonical request the approval screen shows and the server carries out. */
export type ApprovalRequest = CanonicalRequest | CanonicalSolanaRequest
