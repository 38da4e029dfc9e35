import type { Client } from 'viem'
import type { Nft, TokenBalance, Transaction } from '../schemas/accountData'
import type { LocalActivity, SentTransaction } from './createLocalActivity'
import type { ChainToken } from './readChainBalances'

/** Parameters of `createAccountDataClient`. */
export interface CreateAccountDataClientParameters {
  /** Base URL of a Latchkey server with `chainData` (`/v1/account/…`); none: read the chain. */
  url?: string | undefined
  /** The app's client for a chain (wagmi's `config.getClient`), used when there is no `url`. */
  getChainClient?: ((chainId: number) => Client | undefined) | undefined
  /** Tokens read from the chain per chain id when there is no `url`. @default {} */
  tokens?: Readonly<Record<number, readonly ChainToken[]>> | undefined
  /** Multicall3 per chain id for those reads; else viem's deployless multicall. */
  multicallAddress?: Readonly<Record<number, `0x${string}`>> | undefined
  /** Transactions sent from the modal; the activity list when there is no `url`. */
  activity?: LocalActivity | undefined
  /** @default globalThis.fetch */
  fetch?: typeof fetch | undefined
  /** @default accountDataTimeoutMs (10 s) */
  timeoutMs?: number | undefined
  /** Clock of the caches and the retry lock. @default Date.now */
  now?: (() => number) | undefined
}

/** Which account and chain a read is for. */
export interface AccountQuery {
  address: string
  chainId: number
  /** Skips the cache (not the retry lock, nor a read already running). */
  fresh?: boolean | undefined
}

/** Token balances of an account. */
export interface TokenBalances {
  balances: TokenBalance[]
  /** CAIP-10 of tokens whose balance could not be read: unknown, never 0. */
  unavailable: string[]
  /** True while the retry lock holds after a failure (SPEC §8): `balances` is then empty. */
  locked: boolean
}

/** One page of activity. */
export interface TransactionsPage {
  data: Transaction[]
  /** Cursor of the next page; null on the last one. */
  next: string | null
}

/** A name service answer. */
export type NameLookup =
  | { supported: true; name: string | null; address: string | null; avatar: string | null }
  | { supported: false; reason: string }

/** What `createAccountDataClient` returns. */
export interface AccountDataClient {
  /** @throws {TokenBalanceUnavailableError} once per failure; then `locked` for 30 s. */
  getTokenBalances(query: AccountQuery): Promise<TokenBalances>
  /** @throws {AccountDataUnavailableError} */
  getNativeBalance(query: AccountQuery): Promise<TokenBalance>
  /** @throws {TransactionsFetchError} */
  getTransactions(
    query: AccountQuery & { cursor?: string | null; limit?: number },
  ): Promise<TransactionsPage>
  /** Empty with `supported: false` when there is no data server. @throws {AccountDataUnavailableError} */
  getNfts(query: AccountQuery): Promise<{ supported: boolean; nfts: Nft[] }>
  /** Reverse lookup (primary name and avatar). @throws {AccountDataUnavailableError} */
  getIdentity(query: AccountQuery): Promise<NameLookup>
  /** Forward lookup. @throws {AccountDataUnavailableError} */
  resolveName(query: { name: string; chainId: number; fresh?: boolean }): Promise<NameLookup>
  /** Records a transaction sent from the modal (the activity without a data server). */
  recordTransaction(sent: SentTransaction): void
  /** Forgets every cached answer and the retry lock. */
  clear(): void
  /** Whether a data server is configured. */
  readonly hasServer: boolean
}
