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
} from '../schemas/accountData'
import type {
  AccountDataClient,
  AccountQuery,
  CreateAccountDataClientParameters,
  NameLookup,
  TokenBalances,
  TransactionsPage,
} from './accountDataClientTypes'
import {
  accountDataTimeoutMs,
  balanceRetryLockMs,
  identityCacheMs,
  nameCacheMs,
  nativeBalanceCacheMs,
  portfolioCacheMs,
} from './accountDataConstants'
import { createLocalActivity } from './createLocalActivity'
import { createTimedCache } from './createTimedCache'
import { parseNfts, parseTokenBalances, parseTransactions, safeImage } from './parseAccountAnswers'
import { readChainBalances } from './readChainBalances'

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
          return { supported: true, nfts: parseNfts(answer.data.data, base) }
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
                avatar: safeImage(data.avatar),
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
            ? {
                supported: true,
                name: data.name,
                address: data.address ?? null,
                avatar: safeImage(data.avatar),
              }
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
