import type { DirectoryClient } from './createDirectoryClient'
import type { DirectoryWallet } from './directoryWallet'

/** SPEC §9: how many featured wallets the Connect view asks for. */
export const featuredWalletsCount = 4
/** SPEC §9: recommended wallets are page 1 of this many entries. */
export const recommendedWalletsCount = 4

/** Parameters of {@link getSuggestedWallets}. */
export interface GetSuggestedWalletsParameters {
  client: DirectoryClient
  /** The host's `featuredWalletIds`, in the order it wants them. */
  featured?: readonly string[] | undefined
  /** The host's `includeWalletIds`: only these, featured ones too. */
  include?: readonly string[] | undefined
  /** The host's `excludeWalletIds`. */
  exclude?: readonly string[] | undefined
  /** CAIP-2 ids of the app's chains. */
  chains?: readonly string[] | undefined
  signal?: AbortSignal | undefined
}

/** What {@link getSuggestedWallets} returns. */
export interface SuggestedWallets {
  /** The host's featured wallets the directory knows, in the host's order (at most 4). */
  featured: DirectoryWallet[]
  /** The directory's first wallets that are not featured (at most 4). */
  recommended: DirectoryWallet[]
  /** How many wallets the directory holds for these filters, featured ones included. */
  count: number
}

/**
 * The wallets the Connect view suggests (SPEC §9): the featured ids (4 entries) and the
 * recommended ones (page 1, 4 entries, featured ids left out), asked for at the same time.
 * @throws {DirectoryUnavailableError} when either call fails
 */
export async function getSuggestedWallets({
  client,
  featured = [],
  include = [],
  exclude = [],
  chains,
  signal,
}: GetSuggestedWalletsParameters): Promise<SuggestedWallets> {
  const featuredIds = featured.filter(
    (id) => !exclude.includes(id) && (include.length === 0 || include.includes(id)),
  )
  const [featuredPage, recommendedPage] = await Promise.all([
    featuredIds.length === 0
      ? { wallets: [], count: 0 }
      : client.getWallets({
          page: 1,
          // enough to pick the host's first four that the directory knows, whatever its order
          entries: Math.min(Math.max(featuredIds.length, featuredWalletsCount), 100),
          include: featuredIds,
          chains,
          signal,
        }),
    client.getWallets({
      page: 1,
      entries: recommendedWalletsCount,
      include,
      exclude: [...exclude, ...featuredIds],
      chains,
      signal,
    }),
  ])
  const rank = (wallet: DirectoryWallet) => featuredIds.indexOf(wallet.id)
  return {
    featured: featuredPage.wallets
      .filter((wallet) => rank(wallet) !== -1)
      .sort((a, b) => rank(a) - rank(b))
      .slice(0, featuredWalletsCount),
    recommended: recommendedPage.wallets,
    count: featuredPage.count + recommendedPage.count,
  }
}
