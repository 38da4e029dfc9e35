import type { AccountDataClient, AccountQuery } from '../src/account/accountDataClientTypes'
import { portfolioCacheMs } from '../src/account/accountDataConstants'
import { type AccountDataParameters, useAccountDataClient } from './useAccountDataClient'
import { useAccountSource } from './useAccountSource'
import { useAccountTarget } from './useAccountTarget'
import { type ClientQueryResult, useClientQuery } from './useClientQuery'

/** What the account hooks return: the fields of a TanStack Query result that wagmi's hooks use. */
export type AccountQueryResult<TData, TError> = ClientQueryResult<TData, TError>

/**
 * What `useTokenBalances` and `useNfts` share: one query per kind, account, chain and source in
 * the app's QueryClient, read through the shared data client (its cache and retry lock); kept
 * 30 s (SPEC §9), so a remount within that time reads nothing.
 */
export function useAccountQuery<TData, TError>(
  kind: string,
  parameters: AccountDataParameters,
  read: (client: AccountDataClient, query: AccountQuery) => Promise<TData>,
): AccountQueryResult<TData, TError> {
  const client = useAccountDataClient(parameters)
  const { url } = useAccountSource(parameters)
  const { address, chainId, enabled } = useAccountTarget(parameters)
  return useClientQuery<TData, TError>(
    ['latchkey', kind, { address: address?.toLowerCase(), chainId, url: url ?? null }],
    enabled,
    (fresh) => read(client, { address: address as string, chainId: chainId as number, fresh }),
    portfolioCacheMs,
  )
}
