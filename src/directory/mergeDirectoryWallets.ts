import type { WalletItem } from '../wallets/types'

/** The ids and reverse domain names of wallets already listed, to leave their directory twins out. */
export function walletKeys(wallets: readonly WalletItem[]): Set<string> {
  const keys = new Set<string>()
  for (const wallet of wallets) {
    keys.add(wallet.id)
    if (wallet.rdns) keys.add(wallet.rdns)
  }
  return keys
}

/** Whether a directory wallet is one listed already (same id or rdns): the installed row wins. */
export function isListed(keys: ReadonlySet<string>, wallet: WalletItem): boolean {
  return keys.has(wallet.id) || (wallet.rdns !== undefined && keys.has(wallet.rdns))
}

/** Parameters of {@link mergeDirectoryWallets}. */
export interface MergeDirectoryWalletsParameters {
  /** The list of `getWalletList` (already in connector type order). */
  wallets: readonly WalletItem[]
  /** Directory wallets shown with the `featured` group. */
  featured: readonly WalletItem[]
  /** Directory wallets shown with the `recommended` group. */
  recommended: readonly WalletItem[]
  /** `features.connectorTypeOrder`: a group it leaves out is not shown. */
  order: readonly string[]
}

/**
 * The Connect view's list with the directory's suggestions in their places of the connector type
 * order (featured after the host's own featured wallets, recommended where `recommended` is),
 * without the wallets listed already.
 */
export function mergeDirectoryWallets({
  wallets,
  featured,
  recommended,
  order,
}: MergeDirectoryWalletsParameters): WalletItem[] {
  if (featured.length === 0 && recommended.length === 0) return [...wallets]
  const keys = walletKeys(wallets)
  const ranked = wallets.map((wallet) => ({ wallet, rank: order.indexOf(wallet.group) }))
  const add = (items: readonly WalletItem[], group: string) => {
    const rank = order.indexOf(group)
    if (rank === -1) return
    // after every local wallet of the same group: the host's own featured rows come first
    for (const wallet of items) {
      if (isListed(keys, wallet)) continue
      keys.add(wallet.id)
      if (wallet.rdns) keys.add(wallet.rdns)
      ranked.push({ wallet, rank: rank + 0.5 })
    }
  }
  add(featured, 'featured')
  add(recommended, 'recommended')
  // a stable sort keeps each group's own order
  return ranked.sort((a, b) => a.rank - b.rank).map(({ wallet }) => wallet)
}
