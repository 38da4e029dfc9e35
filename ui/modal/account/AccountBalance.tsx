import type { NetworkDisplay } from '../useNetworkInfo'
import { BalanceLine } from './BalanceLine'
import { useAccountBalance } from './useAccountBalance'

/** Props of {@link AccountBalance} and of the header's `HeaderBalance` around it. */
export interface AccountBalanceProps {
  address: string
  network: NetworkDisplay | undefined
}

/** The Account header's balance once the panels' chunk is loaded (see `HeaderBalance`). */
export function AccountBalance({ address, network }: AccountBalanceProps) {
  return <BalanceLine balance={useAccountBalance(address, network)} />
}
