import type { RouteData } from '../../src/machines/router'
import type { WalletItem } from '../../src/wallets/types'

/** The wallet a Connecting* view was opened with (`{ wallet }` route data), if well formed. */
export function getRouteWallet(data: RouteData | undefined): WalletItem | undefined {
  // `open()` may be called from plain JavaScript with anything as data
  const wallet =
    typeof data === 'object' && data !== null && 'wallet' in data ? data.wallet : undefined
  if (!wallet || typeof wallet !== 'object') return undefined
  const { id, name } = wallet as Partial<WalletItem>
  return typeof id === 'string' && typeof name === 'string' ? (wallet as WalletItem) : undefined
}
