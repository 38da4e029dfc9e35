import type { Address } from 'viem'
import type { SwapProvider, SwapRequest } from '../../src/swap/swapTypes'
import { useConnection } from '../useConnection'
import { type SwapHookParameters, useSwapSetup } from './useSwapSetup'

/** What a swap is asked for: the parameters `useSwapQuote` and `useSwapBuild` share. */
export interface SwapRequestParameters extends SwapHookParameters {
  /** The token sold, or `nativeTokenAddress` for the chain's own currency. */
  sellToken?: Address | undefined
  /** The token bought, or `nativeTokenAddress`. */
  buyToken?: Address | undefined
  /** The exact amount sold, in base units; none or 0: nothing asked. */
  sellAmount?: bigint | undefined
  /** @default the connected chain */
  chainId?: number | undefined
  /** @default the connected account */
  taker?: Address | undefined
  /** @default the `swap` option's, else 100 (1 %, SPEC §9) */
  slippageBps?: number | undefined
  query?: { enabled?: boolean | undefined } | undefined
}

/**
 * The request a swap hook asks its provider for, with the connected chain and account filled in:
 * undefined while something is missing, the amount is 0, the chain is not a swap network or the
 * hook is disabled. `key(kind)`: the query key of that request for a hook of this kind.
 */
export function useSwapRequest(parameters: SwapRequestParameters): {
  provider: SwapProvider | undefined
  request: SwapRequest | undefined
  key(kind: string): readonly unknown[]
} {
  const connection = useConnection()
  const { provider, slippageBps, supportsChain } = useSwapSetup(parameters)
  const chainId = parameters.chainId ?? connection.chainId
  const taker = parameters.taker ?? connection.address
  const { sellToken, buyToken, sellAmount } = parameters
  const slippage = parameters.slippageBps ?? slippageBps
  const request =
    (parameters.query?.enabled ?? true) &&
    provider !== undefined &&
    chainId !== undefined &&
    supportsChain(chainId) &&
    taker !== undefined &&
    sellToken !== undefined &&
    buyToken !== undefined &&
    sellAmount !== undefined &&
    sellAmount > 0n
      ? { chainId, sellToken, buyToken, sellAmount, taker, slippageBps: slippage }
      : undefined
  const key = (kind: string) => [
    'latchkey',
    kind,
    {
      provider: provider?.id,
      chainId,
      taker: taker?.toLowerCase(),
      sellToken: sellToken?.toLowerCase(),
      buyToken: buyToken?.toLowerCase(),
      sellAmount: sellAmount?.toString(),
      slippage,
    },
  ]
  return { provider, request, key }
}
