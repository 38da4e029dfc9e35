import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { parseUnits } from 'viem'
import { afterPaint } from '../../afterPaint'
import { useTokenBalances } from '../../hooks/useTokenBalances'
import { type NativeBalance, nativeBalanceKey, useNativeBalance } from '../../useNativeBalance'
import type { NetworkDisplay } from '../useNetworkInfo'

/**
 * The Account header's native balance, at the cost of no request of its own: opening Account
 * reads the balances once, fresh (one batched call per chain: the data server's balance answer,
 * else the chain's multicall, see `readChainBalances`), the Tokens tab shows that answer, and its
 * native entry becomes the header's and the button's balance (the button's cache, only when
 * newer). Only when that read fails, is locked after a failure, or has no native entry does the
 * header ask the chain itself (`eth_getBalance`), so it still shows a real balance or '—'.
 */
export function useAccountBalance(
  address: string | undefined,
  network: NetworkDisplay | undefined,
): NativeBalance {
  const queryClient = useQueryClient()
  const native = useNativeBalance(address, network, { read: false })
  const balances = useTokenBalances()
  const { refetch, data, dataUpdatedAt, isError } = balances
  const chainId = network?.supported ? network.chainId : undefined

  // opening Account (and each account or chain it shows): one fresh read, which the Tokens
  // tab's own read joins. With balances to show it starts after the first paint (the read and its
  // fetch() are ~2 ms of the open); after a failure at once, so the header waits for it.
  const shown = data !== undefined && !isError && !data.locked
  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` only picks when the read starts
  useEffect(() => {
    if (!shown) return void refetch()
    return afterPaint(() => void refetch())
  }, [refetch])

  const entry = data?.balances.find(
    (balance) => balance.address === undefined && balance.chainId === `eip155:${chainId}`,
  )
  const value = entry && parseUnits(entry.quantity.numeric, Number(entry.quantity.decimals))
  const failed = isError || data?.locked === true || (data !== undefined && !entry)
  const { refetch: readNative } = native
  useEffect(() => {
    if (!address || chainId === undefined) return
    if (failed) return readNative()
    if (value === undefined) return
    const key = nativeBalanceKey(address, chainId)
    const known = queryClient.getQueryState(key)
    if (known?.data !== undefined && known.dataUpdatedAt >= dataUpdatedAt) return
    queryClient.setQueryData(key, value, { updatedAt: dataUpdatedAt })
  }, [queryClient, address, chainId, value, dataUpdatedAt, failed, readNative])

  // while the open's read runs, the header waits for it rather than showing an older failure
  const opening = balances.isFetching && !failed
  return {
    ...native,
    isLoading: native.isLoading || opening,
    isError: native.isError && !opening,
  }
}
