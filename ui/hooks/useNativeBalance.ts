import { formatUnits } from 'viem'
import { useBalance } from 'wagmi'
import { formatBalance } from '../../src/utils/format'
import type { ConfigChainId } from './ConfigChainId'
import type { NetworkDisplay } from './useNetworkInfo'

/** What {@link useNativeBalance} returns. */
export interface NativeBalance {
  /** e.g. '10000.000 ETH'; '0.000 ETH' when the read failed (SPEC §8). */
  formatted: string
  isLoading: boolean
}

/** The connected address's native balance on a configured network, floored to 3 decimals. */
export function useNativeBalance(
  address: string | undefined,
  network: NetworkDisplay | undefined,
): NativeBalance {
  const enabled = Boolean(address && network?.supported)
  const { data, isPending } = useBalance({
    address: address as `0x${string}` | undefined,
    chainId: network?.chainId as ConfigChainId | undefined,
    query: { enabled },
  })
  const value = data ? formatUnits(data.value, data.decimals) : undefined
  return {
    formatted: formatBalance(value, data?.symbol ?? network?.symbol ?? 'ETH'),
    isLoading: enabled && isPending,
  }
}
