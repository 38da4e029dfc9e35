import { erc20Abi } from 'viem'
import { readContract } from 'viem/actions'
import { useConfig } from 'wagmi'
import { checkSwapBuild } from '../../src/swap/checkSwapBuild'
import { nativeTokenAddress, type SwapBuild, type SwapRequest } from '../../src/swap/swapTypes'
import { approveGasEstimate, readFeePerGas, swapGasEstimate } from '../swap/readFeePerGas'
import { swapPublicClient } from '../swap/swapClients'
import { type SwapRequestParameters, useSwapRequest } from '../swap/useSwapRequest'
import { type ClientQueryResult, useClientQuery } from '../useClientQuery'

/** Parameters of {@link useSwapBuild}. */
export type UseSwapBuildParameters = SwapRequestParameters

/** A checked build and what the swap will ask of the wallet. */
export interface SwapBuildData {
  build: SwapBuild
  request: SwapRequest
  /** The sell token must be approved to the provider's spender first (an approval transaction). */
  needsApproval: boolean
  /** The wallet signs a Permit2 message before the swap. */
  needsSignature: boolean
  /** The network fee of the swap (and of the approval when needed), in base units. */
  networkFee: bigint | undefined
}

/** What {@link useSwapBuild} returns. */
export type UseSwapBuildReturnType = ClientQueryResult<SwapBuildData, Error>

/**
 * The swap as the provider builds it (a firm quote), checked before anything is shown:
 * `checkSwapBuild` refuses a build that differs from the request or names a contract the `swap`
 * option does not trust (`SwapQuoteUnsafeError`). Says whether an approval and a Permit2
 * signature come first, and the network fee. Built once per request (no refresh):
 * `useSwap().swap()` builds and checks again when it runs.
 * @example const { data, error } = useSwapBuild({ sellToken, buyToken, sellAmount })
 */
export function useSwapBuild(parameters: UseSwapBuildParameters = {}): UseSwapBuildReturnType {
  const config = useConfig()
  const { provider, request, key } = useSwapRequest(parameters)
  return useClientQuery<SwapBuildData, Error>(
    key('swapBuild'),
    request !== undefined,
    async () => {
      if (!provider || !request) throw new TypeError('unreachable: the query is disabled')
      const { chainId, sellToken, sellAmount, taker } = request
      const contracts = provider.contracts(chainId)
      const client = swapPublicClient(config, chainId)
      const sellsNative = sellToken.toLowerCase() === nativeTokenAddress.toLowerCase()
      const [build, allowance, feePerGas] = await Promise.all([
        provider.build(request),
        sellsNative
          ? Promise.resolve(sellAmount)
          : readContract(client, {
              address: sellToken,
              abi: erc20Abi,
              functionName: 'allowance',
              args: [taker, contracts.spender],
            }),
        readFeePerGas(client).catch(() => undefined),
      ])
      checkSwapBuild(request, build, contracts, { nowSeconds: Math.floor(Date.now() / 1000) })
      const needsApproval = allowance < sellAmount
      const gas =
        (build.transaction.gas ?? swapGasEstimate) + (needsApproval ? approveGasEstimate : 0n)
      return {
        build,
        request,
        needsApproval,
        needsSignature: build.kind === 'signature',
        networkFee: feePerGas === undefined ? undefined : gas * feePerGas,
      }
    },
    Number.POSITIVE_INFINITY,
  )
}
