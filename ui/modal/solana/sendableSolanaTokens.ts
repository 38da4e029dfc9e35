import type { SolanaTokenBalance } from '../../../connectors/solana/solanaAdapterTypes'

/**
 * The SPL tokens Send offers: SPEC §5 drops tokens with 0 decimals (NFTs, mostly) as low quality,
 * as the EVM send does.
 */
export function sendableSolanaTokens(
  tokens: readonly SolanaTokenBalance[] | undefined,
): SolanaTokenBalance[] {
  return tokens?.filter((held) => held.decimals > 0) ?? []
}
