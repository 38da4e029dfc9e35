import type { WalletItem } from '../../connectors/getWalletList'
import type { RouteData } from '../../src/machines/router'

/** The wallet a Connecting* view was opened with (`{ wallet }` route data), if well formed. */
export function getRouteWallet(data: RouteData | undefined): WalletItem | undefined {
  const wallet = data?.wallet
  if (!wallet || typeof wallet !== 'object') return undefined
  const { id, name } = wallet as Partial<WalletItem>
  return typeof id === 'string' && typeof name === 'string' ? (wallet as WalletItem) : undefined
}
