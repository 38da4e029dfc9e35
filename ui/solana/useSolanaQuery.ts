import type { QueryKey } from '@tanstack/react-query'
import { type ClientQueryResult, useClientQuery } from '../useClientQuery'

/** What the Solana read hooks return: the fields of a TanStack Query result that wagmi's hooks use. */
export type SolanaQueryResult<TData> = ClientQueryResult<TData, Error>

/** How long a read is reused by a remount (SPEC §9: balances 30 s); `refetch` always reads. */
const staleMs = 30_000

/**
 * One read of the Solana hooks in the app's QueryClient (`useClientQuery`): the modal's Solana
 * views use these hooks, and TanStack's QueryObserver in a lazy chunk would join every app's
 * first bundle. Read again when invalidated (a send invalidates the balances).
 */
export function useSolanaQuery<TData>(
  queryKey: QueryKey,
  enabled: boolean,
  read: () => Promise<TData>,
): SolanaQueryResult<TData> {
  return useClientQuery<TData, Error>(queryKey, enabled, read, staleMs)
}
