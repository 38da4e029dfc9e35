import { type AnvilNode, startAnvil } from '../anvil'
import { deploySwapLab, type SwapLab } from './deploySwapLab'
import { type SwapQuoteApi, startSwapQuoteApi } from './startSwapQuoteApi'

/** The chain id of the swap lab's anvil (mainnet's: a swap network of SPEC §9). */
export const swapLabChainId = 1

/** anvil with the swap lab deployed and the quote API over it. */
export interface SwapLabParts {
  anvil: AnvilNode
  lab: SwapLab
  api: SwapQuoteApi
  stop(): Promise<void>
}

/** Starts anvil on {@link swapLabChainId}, deploys the lab and starts the quote API. */
export async function startSwapLab(): Promise<SwapLabParts> {
  const anvil = await startAnvil({ chainId: swapLabChainId })
  try {
    const lab = await deploySwapLab(anvil.rpcUrl, swapLabChainId)
    const api = await startSwapQuoteApi(lab)
    return {
      anvil,
      lab,
      api,
      stop: async () => {
        await api.close()
        await anvil.stop()
      },
    }
  } catch (error) {
    await anvil.stop()
    throw error
  }
}
