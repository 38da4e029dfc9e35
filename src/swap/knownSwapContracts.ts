import type { Address } from 'viem'
import type { SwapOption } from '../schemas/options'
import type { SwapContracts } from './swapTypes'

// Public deployment facts, used when the `swap` option names no contracts of its own:
// - 0x AllowanceHolder: 0x's "Contracts: Settler, AllowanceHolder & Permit2" page
//   (0x.org/docs/developer-resources/core-concepts/contracts) and the 0x-settler README; one
//   address on every Cancun chain 0x serves, which are these of SPEC §9's swap networks.
// - 0x Settler (the permit2 mode's target) is redeployed often, and 0x says never to hard-code it
//   (read it from the registry 0x00000000000004533Fe15556B1E086BB1A72cEae instead): no built-in
//   list for permit2 mode, its operator names the Settler it trusts.
// - 1inch Aggregation Router v6 (also Limit Order Protocol v4): 1inch's limit-order-protocol
//   README, "Deployments"; the same address on every chain but zkSync Era.

/** 0x AllowanceHolder on Cancun chains (target and spender of `/swap/allowance-holder`). */
export const zeroExAllowanceHolder: Address = '0x0000000000001fF3684f28c67538d4D072C22734'
/** 1inch Aggregation Router v6 (zkSync Era has its own, below). */
export const oneInchRouterV6: Address = '0x111111125421cA6dc452d289314280a0f8842A65'
const oneInchRouterV6ZkSync: Address = '0x6fd4383cB451173D5f9304F041C7BCBf27d561fF'

const zeroExChains = [1, 10, 56, 137, 8453, 42161, 43114]
const oneInchChains = [1, 10, 56, 100, 137, 250, 324, 8217, 8453, 42161, 43114, 1313161554]

/**
 * The contracts a provider's answers may name per chain, as the providers publish them: 0x
 * AllowanceHolder (allowance-holder mode) and 1inch's v6 router. Empty for 0x's permit2 mode
 * (its Settler changes; the operator configures it).
 */
export function knownSwapContracts(
  provider: '0x' | '1inch',
  mode: 'allowance-holder' | 'permit2' = 'allowance-holder',
): Record<number, SwapContracts> {
  const contracts: Record<number, SwapContracts> = {}
  if (provider === '1inch')
    for (const chainId of oneInchChains) {
      const router = chainId === 324 ? oneInchRouterV6ZkSync : oneInchRouterV6
      contracts[chainId] = { targets: [router], spender: router }
    }
  else if (mode === 'allowance-holder')
    for (const chainId of zeroExChains)
      contracts[chainId] = { targets: [zeroExAllowanceHolder], spender: zeroExAllowanceHolder }
  return contracts
}

/** The contracts the `swap` option trusts: its own, else its provider's published ones. */
export function swapOptionContracts(
  option: Pick<SwapOption, 'provider' | 'mode' | 'contracts'>,
): Readonly<
  Record<string, { targets: readonly string[]; spender: string; permit2?: string | undefined }>
> {
  return option.contracts ?? knownSwapContracts(option.provider ?? '0x', option.mode)
}
