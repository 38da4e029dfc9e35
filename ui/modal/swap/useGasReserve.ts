import { useConfig } from 'wagmi'
import { readFeePerGas, swapGasEstimate } from '../../swap/readFeePerGas'
import { swapPublicClient } from '../../swap/swapClients'
import { useClientQuery } from '../../useClientQuery'

/**
 * What Max keeps back of the native currency on `chainId`: twice a swap's estimated network fee
 * (fees move between the quote and the block), so the swap itself can still be paid for.
 */
export function useGasReserve(chainId: number | undefined): bigint | undefined {
  const config = useConfig()
  const { data } = useClientQuery<bigint, Error>(
    ['latchkey', 'swapGasReserve', { chainId }],
    chainId !== undefined,
    async () =>
      (await readFeePerGas(swapPublicClient(config, chainId as number))) * swapGasEstimate * 2n,
    10_000,
  )
  return data
}
