import type { SolanaTokenBalance, SolanaTokenListing } from './solanaAdapterTypes'
import type { TokenAccountBalance } from './solanaRpc'

/**
 * An owner's token accounts as one balance per mint (an owner may hold several accounts of a
 * mint) with the mint's token program, named from the app's listing; empty balances are left out; listed mints come first in
 * the listing's order, then the others by mint.
 */
export function sumTokenBalances(
  accounts: readonly TokenAccountBalance[],
  listing: readonly SolanaTokenListing[],
): SolanaTokenBalance[] {
  // a mint belongs to one token program, so its accounts all name the same one
  const byMint = new Map<string, { amount: bigint; decimals: number; tokenProgram: string }>()
  for (const { mint, amount, decimals, tokenProgram } of accounts) {
    const held = byMint.get(mint)
    byMint.set(mint, { amount: (held?.amount ?? 0n) + amount, decimals, tokenProgram })
  }
  const rank = new Map(listing.map((token, index) => [token.mint, index]))
  return [...byMint]
    .filter(([, { amount }]) => amount > 0n)
    .map(([mint, { amount, decimals, tokenProgram }]): SolanaTokenBalance => {
      const listed = listing.find((token) => token.mint === mint)
      return { mint, amount, decimals, tokenProgram, symbol: listed?.symbol, name: listed?.name }
    })
    .sort((a, b) => {
      const ra = rank.get(a.mint) ?? listing.length
      const rb = rank.get(b.mint) ?? listing.length
      return ra !== rb ? ra - rb : a.mint < b.mint ? -1 : a.mint > b.mint ? 1 : 0
    })
}
