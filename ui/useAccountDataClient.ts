import { useMemo } from 'react'
import type { Client } from 'viem'
import { type Config, useConfig } from 'wagmi'
import type { AccountDataClient } from '../src/account/accountDataClientTypes'
import { createAccountDataClient } from '../src/account/createAccountDataClient'
import { createLocalActivity } from '../src/account/createLocalActivity'
import type { ChainToken } from '../src/account/readChainBalances'
import type { ConfigChainId } from './ConfigChainId'
import { useAccountSource } from './useAccountSource'

/** Where the account hooks read from: shared by `useTokenBalances`, `useNfts` and `useActivity`. */
export interface AccountDataParameters {
  /** The account; defaults to the connected one. */
  address?: string | undefined
  /** The chain; defaults to the connected one. */
  chainId?: number | undefined
  /**
   * Base URL of a Latchkey server with `chainData`; none: balances from the chain, activity from
   * the modal's sends. With neither `url` nor `tokens`, the provider's `chainData` option is used.
   */
  url?: string | undefined
  /** Tokens read from the chain per chain id when there is no `url` (see `url` for the default). */
  tokens?: Readonly<Record<number, readonly ChainToken[]>> | undefined
  /** Multicall3 per chain id for those reads; else viem's deployless multicall. */
  multicallAddress?: Readonly<Record<number, `0x${string}`>> | undefined
  /** TanStack Query options. */
  query?: { enabled?: boolean | undefined } | undefined
}

// One data client per wagmi config and source, so every hook of an app (and the modal) shares its
// caches, retry lock and in-flight reads; keyed by the config, so two apps never share one, and
// dropped with it.
const clients = new WeakMap<Config, Map<string, AccountDataClient>>()

function sessionStore() {
  try {
    return globalThis.sessionStorage ?? undefined
  } catch {
    return undefined
  }
}

/**
 * The account data client for a wagmi config and a source (server URL or token list): the
 * parameters' own, else the provider's `chainData` option (see `useAccountSource`).
 */
export function useAccountDataClient(parameters: AccountDataParameters): AccountDataClient {
  const config = useConfig()
  const { url, tokens, multicallAddress } = useAccountSource(parameters)
  const key = JSON.stringify([url ?? null, tokens ?? null, multicallAddress ?? null])
  // biome-ignore lint/correctness/useExhaustiveDependencies: the JSON key stands for url, tokens and multicallAddress
  return useMemo(() => {
    let byKey = clients.get(config)
    if (!byKey) {
      byKey = new Map()
      clients.set(config, byKey)
    }
    let client = byKey.get(key)
    if (!client) {
      client = createAccountDataClient({
        url,
        tokens,
        multicallAddress,
        getChainClient: (chainId) => {
          if (!config.chains.some((chain) => chain.id === chainId)) return undefined
          return config.getClient({ chainId: chainId as ConfigChainId }) as Client
        },
        activity: createLocalActivity({ storage: sessionStore() }),
      })
      byKey.set(key, client)
    }
    return client
  }, [config, key])
}
