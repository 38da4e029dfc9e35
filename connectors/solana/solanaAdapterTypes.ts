import type { SolanaAccountState } from '../../src/machines/solanaAccount'
import type { CaipNetworkId } from '../../src/networks'
import type { Commitment, CommitmentInput } from '../../src/solana/commitment'
import type { SolanaCluster, SolanaClusterInput } from '../../src/solana/solanaClusters'
import type { StorageLike } from '../../src/storage/createValidatedStorage'
import type { SolanaWallet, SolanaWalletListing } from './solanaWallets'

/** A token the app names on a cluster: SPL mints carry no name or symbol of their own. */
export interface SolanaTokenListing {
  /** The mint's address (base58). */
  mint: string
  symbol: string
  name: string
}

/** An SPL token balance of an account (every token account of one mint added up). */
export interface SolanaTokenBalance {
  mint: string
  /** In the token's base units. */
  amount: bigint
  decimals: number
  /**
   * The program that owns the token accounts, and so the mint: SPL Token or Token-2022. A
   * transfer goes through it, and the associated token addresses derive from it.
   */
  tokenProgram: string
  /** From the app's `tokens` listing; undefined for a mint it does not name. */
  symbol: string | undefined
  name: string | undefined
}

/** An account as the cluster holds it (`getAccountInfo`). */
export interface SolanaAccountInfo {
  lamports: bigint
  /** The program that owns it (base58). */
  owner: string
  executable: boolean
  /** Its data, as stored. */
  data: Uint8Array
}

/** Parameters of {@link createSolanaAdapter}. */
export interface CreateSolanaAdapterParameters {
  /**
   * The clusters the app works on; the first is the default.
   * @default ['mainnet', 'devnet', 'testnet']
   */
  clusters?: readonly SolanaClusterInput[] | undefined
  /**
   * Id of the cluster to start on (a cluster the visitor switched to before is restored on reconnect).
   * @default the first of `clusters`
   */
  cluster?: string | undefined
  /**
   * Commitment of balance reads and blockhashes, and preflight commitment of sends.
   * @default 'confirmed'
   */
  commitment?: CommitmentInput | undefined
  /** Names of SPL tokens, by cluster id (listed tokens come first in balances, in this order). */
  tokens?: Readonly<Record<string, readonly SolanaTokenListing[]>> | undefined
  /** Wallets to list as `NotDetected` when they are not in the page (e.g. Phantom, for deep links). */
  wallets?: readonly SolanaWalletListing[] | undefined
  /**
   * Where the connected wallet's name and the cluster are remembered for a silent reconnect after a
   * reload; `null` remembers nothing.
   * @default () => globalThis.localStorage
   */
  storage?: StorageLike | (() => StorageLike | undefined) | null | undefined
  /**
   * How long a reconnect waits for the remembered wallet to register in the page.
   * @default 3000
   */
  reconnectTimeoutMs?: number | undefined
}

/** The Solana adapter: the Solana namespace's connection, beside wagmi's. */
export interface SolanaAdapter {
  /** The clusters it was given, checked and filled in. */
  readonly clusters: readonly SolanaCluster[]
  /** The account state: status, wallet, address, cluster. */
  getState(): SolanaAccountState
  /** Calls `listener` on every change of the account state; returns the unsubscribe. */
  subscribe(listener: (state: SolanaAccountState, previous: SolanaAccountState) => void): () => void
  /** The cluster of the current state. */
  getCluster(): SolanaCluster
  /** The wallets found so far (empty until discovery has started: see `watchWallets`). */
  getWallets(): readonly SolanaWallet[]
  /** Starts Wallet Standard discovery (loads `@wallet-standard/app`) and calls `listener` on each change. */
  watchWallets(listener: (wallets: readonly SolanaWallet[]) => void): () => void
  /**
   * Lists the Solana wallets wagmi's connectors bring (`config.connectors`): WalletConnect's
   * `solana` namespace and the embedded wallet's Solana account, as `Loadable`. Replaces the
   * previous links; `<SolanaProvider>` does it with its `WagmiProvider`'s connectors before it
   * reconnects. Nothing is loaded until one is connected to.
   * @example solana.linkConnectors(config.connectors)
   */
  linkConnectors(connectors: readonly unknown[]): void
  /** Connects a wallet by name (a visitor's click): the wallet may prompt. */
  connect(parameters: {
    wallet: string
  }): Promise<{ address: string; addresses: readonly string[] }>
  /** Silently reconnects the wallet remembered before a reload; never throws, never prompts. */
  reconnect(): Promise<void>
  /** Disconnects (and asks the wallet to forget the app, when it can). */
  disconnect(): Promise<void>
  /** Switches reads and signatures to another configured cluster. */
  switchCluster(parameters: { cluster: string }): SolanaCluster
  /** Signs a message (UTF-8 for a string) with the connected account. */
  signMessage(parameters: {
    message: Uint8Array | string
  }): Promise<{ signature: Uint8Array; signedMessage: Uint8Array }>
  /** Signs a wire transaction without sending it. */
  signTransaction(parameters: { transaction: Uint8Array }): Promise<Uint8Array>
  /** Signs and sends a wire transaction; resolves to its signature (base58). */
  signAndSendTransaction(parameters: {
    transaction: Uint8Array
    /** @default the adapter's `commitment` */
    preflightCommitment?: CommitmentInput | undefined
    /** @default false */
    skipPreflight?: boolean | undefined
  }): Promise<string>
  /**
   * Waits until a sent transaction reaches `commitment` on the current cluster, reading its
   * status every `pollMs` (`getSignatureStatuses`); resolves with its slot and the level reached.
   * @throws {SolanaTransactionFailedError} the cluster executed it with an error (fee paid).
   * @throws {SolanaConfirmationTimeoutError} not there within `timeoutMs`: it may still land.
   */
  confirmTransaction(parameters: {
    signature: string
    /** @default the adapter's `commitment` */
    commitment?: CommitmentInput | undefined
    /** @default 60_000 */
    timeoutMs?: number | undefined
    /** @default 500 */
    pollMs?: number | undefined
  }): Promise<{ slot: bigint; commitment: Commitment }>
  /** Balance in lamports of `address` (default: the connected account) on the current cluster. */
  getBalance(parameters?: {
    address?: string | undefined
    commitment?: CommitmentInput | undefined
  }): Promise<bigint>
  /**
   * SPL token balances (Token and Token-2022 programs) of `address` (default: the connected
   * account) on the current cluster; tokens with nothing held are left out.
   */
  getTokenBalances(parameters?: {
    address?: string | undefined
    commitment?: CommitmentInput | undefined
  }): Promise<readonly SolanaTokenBalance[]>
  /**
   * The account at `address` on the current cluster, or null when none exists there (no lamports,
   * no data): whether a receiver's token account must be created, what a mint holds.
   */
  getAccountInfo(parameters: {
    address: string
    commitment?: CommitmentInput | undefined
  }): Promise<SolanaAccountInfo | null>
  /**
   * The lamports an account of `space` bytes must hold to be rent-exempt on the current cluster:
   * what creating it costs its payer.
   */
  getMinimumBalanceForRentExemption(parameters: {
    space: number
    commitment?: CommitmentInput | undefined
  }): Promise<bigint>
  /**
   * The current cluster's CAIP-2 id (`solana:` and the first 32 characters of its genesis hash),
   * as sign-in messages name it: known for mainnet, devnet and testnet, read once from the RPC
   * (`getGenesisHash`) for any other cluster.
   */
  getCaipNetworkId(): Promise<CaipNetworkId>
  /** A recent blockhash of the current cluster, to build a transaction with. */
  getLatestBlockhash(parameters?: {
    commitment?: CommitmentInput | undefined
  }): Promise<{ blockhash: string; lastValidBlockHeight: bigint }>
}
