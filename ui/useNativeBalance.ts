import { hashKey, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react'
import { useConfig } from 'wagmi'
import { formatBaseUnits } from '../src/utils/formatBaseUnits'
import type { ConfigChainId } from './ConfigChainId'
import type { NetworkDisplay } from './useNetworkDisplay'

/** Shown for a balance nobody knows yet (not read, or the read failed): never a made-up zero. */
export const unknownBalance = '—'

/** What {@link useNativeBalance} returns. */
export interface NativeBalance {
  /** e.g. '10000.000 ETH'; '—' while unknown (not read yet, or the read failed). */
  formatted: string
  isLoading: boolean
  /** The last read failed and no earlier value is known. */
  isError: boolean
  /** Reads the balance again. */
  refetch(): void
}

/** The QueryClient key of an address's native balance (a bigint in wei) on a chain. */
export function nativeBalanceKey(address: string | undefined, chainId: number | undefined) {
  return ['latchkey', 'nativeBalance', { address: address?.toLowerCase(), chainId }] as const
}

/**
 * The connected address's native balance on a configured network, floored to 3 decimals.
 *
 * One `eth_getBalance` through the wagmi config's client, cached in the app's QueryClient (the
 * button and the Account view share it; concurrent reads are deduplicated). With `read: false`
 * it only follows that cache (someone else fills it) and asks the chain on `refetch()`. Not
 * wagmi's `useBalance`: that pulls wagmi's getBalance action, viem's multicall and TanStack's
 * QueryObserver into the page's first bundle (~10 KB gzip), whichever chunk calls it.
 */
export function useNativeBalance(
  address: string | undefined,
  network: NetworkDisplay | undefined,
  {
    read: readOnMount = true,
  }: {
    /** Read when mounted (and when it turns true); else only on `refetch()`. @default true */
    read?: boolean
  } = {},
): NativeBalance {
  const config = useConfig()
  const queryClient = useQueryClient()
  const chainId = network?.supported ? network.chainId : undefined
  const enabled = Boolean(address) && chainId !== undefined
  const queryKey = useMemo(() => nativeBalanceKey(address, chainId), [address, chainId])
  const hash = useMemo(() => hashKey(queryKey), [queryKey])

  const subscribe = useCallback(
    (onChange: () => void) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === hash) onChange()
      }),
    [queryClient, hash],
  )
  const getState = useCallback(
    () => queryClient.getQueryState<bigint>(queryKey),
    [queryClient, queryKey],
  )
  const state = useSyncExternalStore(subscribe, getState, getState)

  const read = useCallback(
    (staleTime: number) => {
      if (!enabled || chainId === undefined || !address) return
      const client = config.getClient({ chainId: chainId as ConfigChainId })
      queryClient
        .fetchQuery({
          queryKey,
          staleTime,
          queryFn: () =>
            client
              .request({ method: 'eth_getBalance', params: [address as `0x${string}`, 'latest'] })
              .then((value) => BigInt(value)),
        })
        .catch(() => {})
    },
    [enabled, chainId, address, config, queryClient, queryKey],
  )
  const refetch = useCallback(() => read(0), [read])

  // SPEC §9 (nativeBalanceCacheMs, not imported: a module the lazy chunks share would split the
  // first bundle): a balance read in the last 30 s is reused (the Account view's, once the modal
  // closes); `refetch` always asks
  useEffect(() => {
    if (readOnMount) read(30_000)
  }, [read, readOnMount])

  // only the chain's own currency: no network, no symbol to show, so no amount either (never 'ETH' by default)
  const known = state?.data !== undefined && network !== undefined
  return {
    formatted:
      known && network
        ? formatBaseUnits(state.data as bigint, network.decimals, network.symbol)
        : unknownBalance,
    isLoading:
      enabled && (state?.fetchStatus === 'fetching' || (!known && state?.status !== 'error')),
    isError: enabled && !known && state?.status === 'error',
    refetch,
  }
}
