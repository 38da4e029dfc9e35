import { useContext, useMemo } from 'react'
import type { SwapOption } from '../../src/schemas/options'
import { createSwapProviderFromOption } from '../../src/swap/createSwapProviderFromOption'
import { defaultSlippageBps, type SwapProvider } from '../../src/swap/swapTypes'
import { LatchkeyContext } from '../context/LatchkeyContext'

/** What the swap hooks share: the provider the `swap` option describes, and its chains. */
export interface SwapSetup {
  option: SwapOption | undefined
  provider: SwapProvider | undefined
  /** The option's slippage tolerance in basis points. @default 100 (SPEC §9) */
  slippageBps: number
  /** Whether `chainId` is a swap network (SPEC §9's list ∩ the trusted contracts). */
  supportsChain(chainId: number | undefined): boolean
}

/** Parameters every swap hook takes: its own `swap` option, else the provider's. */
export interface SwapHookParameters {
  /** The swap setup; defaults to `LatchkeyProvider`'s `swap` option. */
  swap?: SwapOption | undefined
}

/**
 * The swap provider of the hook's `swap` option, else of the nearest `LatchkeyProvider`'s (one
 * per distinct option; the adapters hold no state). None when swaps are not configured.
 */
export function useSwapSetup(parameters: SwapHookParameters = {}): SwapSetup {
  const context = useContext(LatchkeyContext)
  const option = parameters.swap ?? context?.input?.swap
  const projectId = context?.input?.projectId
  const key = option ? JSON.stringify([option, projectId ?? null]) : ''
  // biome-ignore lint/correctness/useExhaustiveDependencies: the JSON key stands for option and projectId
  return useMemo(() => {
    const provider = option ? createSwapProviderFromOption({ option, projectId }) : undefined
    return {
      option,
      provider,
      slippageBps: option?.slippageBps ?? defaultSlippageBps,
      supportsChain: (chainId) =>
        chainId !== undefined && (provider?.supportsChain(chainId) ?? false),
    }
  }, [key])
}
