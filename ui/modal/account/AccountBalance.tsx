import { BalanceLine } from './BalanceLine'
import type { HeaderBalanceProps } from './HeaderBalance'
import { useAccountBalance } from './useAccountBalance'

/** The Account header's balance once the panels' chunk is loaded (see `HeaderBalance`). */
export function AccountBalance({ address, network }: HeaderBalanceProps) {
  return <BalanceLine balance={useAccountBalance(address, network)} />
}
