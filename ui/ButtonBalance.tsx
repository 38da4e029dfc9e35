import { useNativeBalance } from './hooks/useNativeBalance'
import type { NetworkDisplay } from './hooks/useNetworkInfo'

/** Props of {@link ButtonBalance}. */
export interface ButtonBalanceProps {
  address: string
  network: NetworkDisplay
}

/**
 * The connected button's native balance. Loaded lazily by `ConnectButton`: the balance read
 * (wagmi's query, viem's multicall) is only needed once connected, not in the first bundle.
 */
export default function ButtonBalance({ address, network }: ButtonBalanceProps) {
  const balance = useNativeBalance(address, network)
  return (
    <span data-lk-button-balance="" data-loading={balance.isLoading || undefined}>
      {balance.formatted}
    </span>
  )
}
