import { useNativeBalance } from '../../useNativeBalance'
import { useLazyChunk } from '../lazy/useLazyChunk'
import type { AccountBalanceProps } from './AccountBalance'
import { BalanceLine } from './BalanceLine'
import { accountPanelsChunk } from './loadAccountPanels'

/**
 * The Account header's native balance. Its reader (`useAccountBalance`: the balances answer the
 * Tokens tab shares) comes with the Account panels' chunk, so the modal's first open carries no
 * balance client; until it is there the header shows the last known balance, loading. Should the
 * chunk fail to load, the header asks the chain itself.
 */
export function HeaderBalance({ address, network }: AccountBalanceProps) {
  const { value: panels, failed } = useLazyChunk(accountPanelsChunk)
  if (panels) return <panels.AccountBalance address={address} network={network} />
  return <PendingBalance address={address} network={network} read={failed} />
}

function PendingBalance({ address, network, read }: AccountBalanceProps & { read: boolean }) {
  const native = useNativeBalance(address, network, { read })
  return <BalanceLine balance={read ? native : { ...native, isLoading: true, isError: false }} />
}
