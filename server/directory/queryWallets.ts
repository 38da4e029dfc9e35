import type { DirectoryWallet } from './registrySchema'
import type { WalletsQuery } from './walletsQuery'

/** The answer of GET /getWallets: one page, and how many wallets match in all. */
export interface WalletsPage {
  data: DirectoryWallet[]
  count: number
}

/**
 * Filters the registry's wallets by a query (include, exclude, badge, chains, search: all must
 * hold) and cuts the page out; wallets keep the registry's order.
 */
export function queryWallets(
  wallets: readonly DirectoryWallet[],
  query: Omit<WalletsQuery, 'projectId' | 'st' | 'sv'>,
): WalletsPage {
  const include = query.include.length > 0 ? new Set(query.include) : undefined
  const exclude = new Set(query.exclude)
  const chains = new Set(query.chains)
  const matching = wallets.filter(
    (wallet) =>
      (!include || include.has(wallet.id)) &&
      !exclude.has(wallet.id) &&
      (query.badge_type !== 'certified' || wallet.badge_type === 'certified') &&
      (chains.size === 0 || wallet.chains.some((chain) => chains.has(chain))) &&
      (query.search === '' || wallet.name.toLowerCase().includes(query.search)),
  )
  const start = (query.page - 1) * query.entries
  return { data: matching.slice(start, start + query.entries), count: matching.length }
}
