/**
 * The networks swaps are offered on (SPEC §9, eip155 chain ids): Ethereum, Arbitrum One,
 * OP Mainnet, zkSync Era, Base, BNB Smart Chain, Polygon, Gnosis, Avalanche C-Chain, Fantom,
 * Kaia and Aurora. A chain is a swap network of an app when it is here and the `swap` option
 * trusts contracts on it.
 */
export const swapChainIds: readonly number[] = [
  1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554,
]

/** Whether `chainId` is in SPEC §9's list and `contracts` (the `swap` option's) names it. */
export function isSwapChain(
  chainId: number | undefined,
  contracts: Readonly<Record<string, unknown>> | undefined,
): boolean {
  return (
    chainId !== undefined &&
    swapChainIds.includes(chainId) &&
    contracts !== undefined &&
    Object.hasOwn(contracts, String(chainId))
  )
}
