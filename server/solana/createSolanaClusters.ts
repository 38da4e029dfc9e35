import type { SolanaChain } from '../../src/approval/solanaTypes'
import { ChainNotSupportedError } from '../../src/errors/ChainNotSupportedError'
import type { ResolvedServerOptions } from '../options'
import type { ChainTransport } from '../rpc/chainTransportTypes'
import { createChainTransport } from '../rpc/createChainTransport'

/** The Solana clusters this server sends to (option `solanaClusters`). */
export interface SolanaClusters {
  /** The transport of a cluster; throws `ChainNotSupportedError` when it has no RPC URL. */
  get(chain: SolanaChain): ChainTransport
}

/**
 * One JSON-RPC transport per configured cluster, with the `rpc` option's deadline, request
 * budget and answer cap (docs/chain-calls.md); `sendTransaction` is never retried or batched.
 */
export function createSolanaClusters(
  urls: Record<string, string>,
  options: ResolvedServerOptions['rpc'],
): SolanaClusters {
  const transports = new Map<string, ChainTransport>()
  for (const [name, url] of Object.entries(urls))
    transports.set(`solana:${name}`, createChainTransport(url, options))
  return {
    get(chain) {
      const transport = transports.get(chain)
      if (!transport) throw new ChainNotSupportedError({ chainId: chain })
      return transport
    },
  }
}
