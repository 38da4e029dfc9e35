import type { NetworkDisplay } from '../useNetworkInfo'
import { BalanceLine } from './BalanceLine'
import { useAccountBalance } from './useAccountBalance'

/** The Account header's balance once the panels' chunk is loaded (see `HeaderBalance`). */
export function AccountBalance({
  address,
  network,
}: {
  address: string
  network: NetworkDisplay | undefined
}) {
  return <BalanceLine balance={useAccountBalance(address, network)} />
}
