import type { ServerContext } from '../context'
import type { ChainClient } from '../rpc/createChainClients'
import { type ChainDataChain, chainDataOptionsSchema } from './chainDataOptions'

// A chain with an RPC URL but no `chainData` entry: native only, indexing from the head.
const bare: ChainDataChain = chainDataOptionsSchema.parse({ chains: { 0: {} } })
  .chains[0] as ChainDataChain

/** A configured chain's client and data settings; `ChainNotSupportedError` when it has no RPC URL. */
export function chainSettings(
  context: ServerContext,
  chainId: number,
): { chain: ChainClient; settings: ChainDataChain } {
  const chain = context.chains.get(chainId)
  return { chain, settings: context.options.chainData.chains[String(chainId)] ?? bare }
}
