import { type Client, formatUnits } from 'viem'
import { getBalance } from 'viem/actions'
import { AccountDataUnavailableError } from '../errors/AccountDataUnavailableError'
import { TokenBalanceUnavailableError } from '../errors/TokenBalanceUnavailableError'
import { TransactionsFetchError } from '../errors/TransactionsFetchError'
import {
  balancesAnswerSchema,
  historyAnswerSchema,
  identityAnswerSchema,
  type Nft,
  nameAnswerSchema,
  nftsAnswerSchema,
  serverErrorBodySchema,
  type TokenBalance,
  type Transaction,
} from '../schemas/accountData'
import {
  accountDataTimeoutMs,
  balanceRetryLockMs,
  identityCacheMs,
  nameCacheMs,
  nativeBalanceCacheMs,
  portfolioCacheMs,
} from './accountDataConstants'
import {
  createLocalActivity,
  type LocalActivity,
  type SentTransaction,
} from './createLocalActivity'
import { createTimedCache } from './createTimedCache'
import { parseNfts, parseTokenBalances, parseTransactions } from './parseAccountAnswers'
import { type ChainToken, readChainBalances } from './readChainBalances'

/** Parameters of {@link createAccountDataClient}. */
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

/** What {@link createAccountDataClient} returns. */
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

/**
 * The client of an account's chain data (SPEC §7 "Other data calls"): token balances, native
 * balance, activity, NFTs and names, from a Latchkey server's chain data API (server/API.md), or,
 * with no `url`, straight from the chain (balances) and from the modal's own sends (activity).
 * Answers are checked entry by entry (SPEC §5); each kind has its SPEC §9 cache lifetime; a key
 * is never asked twice at once; a token balance failure locks that read for 30 s.
 */
export function createAccountDataClient(
  parameters: CreateAccountDataClientParameters = {},
): AccountDataClient {
  const now = parameters.now ?? Date.now
  const base = parameters.url?.replace(/\/+$/, '')
  const timeoutMs = parameters.timeoutMs ?? accountDataTimeoutMs
  const activity = parameters.activity ?? createLocalActivity({ now })
  const portfolio = createTimedCache<TokenBalances>({ lifetimeMs: portfolioCacheMs, now })
  const native = createTimedCache<TokenBalance>({ lifetimeMs: nativeBalanceCacheMs, now })
  const nfts = createTimedCache<{ supported: boolean; nfts: Nft[] }>({
    lifetimeMs: portfolioCacheMs,
    now,
  })
  const names = createTimedCache<NameLookup>({ lifetimeMs: nameCacheMs, now })
  const identities = createTimedCache<NameLookup>({ lifetimeMs: identityCacheMs, now })
  const pages = createTimedCache<TransactionsPage>({ lifetimeMs: 0, now })
  const lockedUntil = new Map<string, number>()

  const keyOf = ({ address, chainId }: AccountQuery) => `${chainId}:${address.toLowerCase()}`

  async function read(path: string, query: Record<string, string | undefined>): Promise<unknown> {
    const search = new URLSearchParams()
    for (const [key, value] of Object.entries(query))
      if (value !== undefined) search.set(key, value)
    const timeout = AbortSignal.timeout(timeoutMs)
    let response: Response
    try {
      response = await (parameters.fetch ?? globalThis.fetch)(`${base}/v1${path}?${search}`, {
        signal: timeout,
        headers: { accept: 'application/json' },
      })
    } catch (cause) {
      throw new AccountDataUnavailableError({
        reason: timeout.aborted ? 'timeout' : 'network',
        cause,
      })
    }
    let body: unknown
    try {
      body = await response.json()
    } catch (cause) {
      throw new AccountDataUnavailableError({
        reason: response.ok ? 'invalid answer' : `http ${response.status}`,
        cause,
      })
    }
    if (!response.ok) {
      const error = serverErrorBodySchema.safeParse(body)
      throw new AccountDataUnavailableError({
        reason: `http ${response.status}`,
        serverError: error.success ? error.data.error.name : undefined,
      })
    }
    return body
  }

  function invalid(): never {
    throw new AccountDataUnavailableError({ reason: 'invalid answer' })
  }

  function chainClient(chainId: number): Client {
    const client = parameters.getChainClient?.(chainId)
    if (!client)
      throw new AccountDataUnavailableError({
        reason: 'chain',
        shortMessage: `No data server and no client for chain ${chainId}`,
      })
    return client
  }

  async function loadBalances(query: AccountQuery): Promise<TokenBalances> {
    const address = query.address.toLowerCase() as `0x${string}`
    if (base) {
      const answer = balancesAnswerSchema.safeParse(
        await read(`/account/${address}/balance`, { chainId: String(query.chainId) }),
      )
      if (!answer.success) invalid()
      return {
        balances: parseTokenBalances(answer.data.balances),
        unavailable: answer.data.unavailable,
        locked: false,
      }
    }
    try {
      const read = await readChainBalances({
        client: chainClient(query.chainId),
        address,
        chainId: query.chainId,
        tokens: parameters.tokens?.[query.chainId] ?? [],
        multicallAddress: parameters.multicallAddress?.[query.chainId],
      })
      return {
        balances: parseTokenBalances(read.balances),
        unavailable: read.unavailable,
        locked: false,
      }
    } catch (cause) {
      if (cause instanceof AccountDataUnavailableError) throw cause
      throw new AccountDataUnavailableError({ reason: 'chain', cause })
    }
  }

  return {
    hasServer: Boolean(base),

    async getTokenBalances(query) {
      const key = keyOf(query)
      const until = lockedUntil.get(key)
      if (until !== undefined && now() < until)
        return { balances: [], unavailable: [], locked: true }
      try {
        return await portfolio.get(key, () => loadBalances(query), query)
      } catch (cause) {
        lockedUntil.set(key, now() + balanceRetryLockMs)
        throw new TokenBalanceUnavailableError({ retryAfterMs: balanceRetryLockMs, cause })
      }
    },

    getNativeBalance(query) {
      return native.get(
        keyOf(query),
        async () => {
          const address = query.address.toLowerCase() as `0x${string}`
          const client = parameters.getChainClient?.(query.chainId)
          if (client) {
            const currency = client.chain?.nativeCurrency ?? {
              name: 'Ether',
              symbol: 'ETH',
              decimals: 18,
            }
            let value: bigint
            try {
              value = await getBalance(client, { address })
            } catch (cause) {
              throw new AccountDataUnavailableError({ reason: 'chain', cause })
            }
            return {
              name: currency.name,
              symbol: currency.symbol,
              chainId: `eip155:${query.chainId}`,
              quantity: {
                decimals: String(currency.decimals),
                numeric: formatUnits(value, currency.decimals),
              },
              iconUrl: null,
            }
          }
          const { balances } = await loadBalances(query)
          return balances.find((entry) => entry.address === undefined) ?? invalid()
        },
        query,
      )
    },

    async getTransactions(query) {
      const cursor = query.cursor ?? undefined
      try {
        if (!base) return { data: activity.list(query.address, query.chainId), next: null }
        return await pages.get(`${keyOf(query)}:${cursor ?? ''}:${query.limit ?? ''}`, async () => {
          const answer = historyAnswerSchema.safeParse(
            await read(`/account/${query.address.toLowerCase()}/history`, {
              chainId: String(query.chainId),
              cursor,
              limit: query.limit === undefined ? undefined : String(query.limit),
            }),
          )
          if (!answer.success) invalid()
          return { data: parseTransactions(answer.data.data), next: answer.data.next ?? null }
        })
      } catch (cause) {
        throw new TransactionsFetchError({ cause })
      }
    },

    getNfts(query) {
      if (!base) return Promise.resolve({ supported: false, nfts: [] })
      return nfts.get(
        keyOf(query),
        async () => {
          const answer = nftsAnswerSchema.safeParse(
            await read(`/account/${query.address.toLowerCase()}/nfts`, {
              chainId: String(query.chainId),
            }),
          )
          if (!answer.success) invalid()
          return { supported: true, nfts: parseNfts(answer.data.data) }
        },
        query,
      )
    },

    getIdentity(query) {
      if (!base)
        return Promise.resolve({ supported: false, reason: 'No data server is configured.' })
      return identities.get(
        keyOf(query),
        async () => {
          const answer = identityAnswerSchema.safeParse(
            await read(`/identity/${query.address.toLowerCase()}`, {
              chainId: String(query.chainId),
            }),
          )
          if (!answer.success) invalid()
          const data = answer.data
          return data.supported
            ? {
                supported: true,
                name: data.name ?? null,
                address: data.address,
                avatar: data.avatar ?? null,
              }
            : data
        },
        query,
      )
    },

    resolveName(query) {
      if (!base)
        return Promise.resolve({ supported: false, reason: 'No data server is configured.' })
      return names.get(
        `${query.chainId}:${query.name.toLowerCase()}`,
        async () => {
          const answer = nameAnswerSchema.safeParse(
            await read(`/names/${encodeURIComponent(query.name)}`, {
              chainId: String(query.chainId),
            }),
          )
          if (!answer.success) invalid()
          const data = answer.data
          return data.supported
            ? { supported: true, name: data.name, address: data.address ?? null, avatar: null }
            : data
        },
        query,
      )
    },

    recordTransaction(sent) {
      activity.record(sent)
    },

    clear() {
      for (const cache of [portfolio, native, nfts, names, identities, pages]) cache.clear()
      lockedUntil.clear()
    },
  }
}
