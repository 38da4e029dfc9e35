import { type Client, createClient, custom, type EIP1193Provider } from 'viem'
import type { Config } from 'wagmi'
import { NoConnectionClientError } from '../../src/errors/NoConnectionClientError'
import type { ConfigChainId } from '../ConfigChainId'

/** The wagmi config's public client of `chainId` (reads, `eth_call`, receipts). */
export function swapPublicClient(config: Config, chainId: number): Client {
  return config.getClient({ chainId: chainId as ConfigChainId }) as Client
}

/**
 * The connected wallet's client on `chainId`, built as `useSend` builds it (the connector's own
 * client, else its provider through viem's `custom` transport, with no retry of a wallet call).
 */
export async function swapWalletClient(
  config: Config,
  chainId: number,
  from: `0x${string}`,
): Promise<Client> {
  const current = config.state.current
  const connection = current ? config.state.connections.get(current) : undefined
  if (!connection) throw new NoConnectionClientError()
  const { connector } = connection
  if (connector.getClient) return (await connector.getClient({ chainId })) as Client
  const provider = (await connector.getProvider({ chainId })) as EIP1193Provider
  return createClient({
    account: from,
    chain: config.chains.find((chain) => chain.id === chainId),
    transport: (options) => custom(provider)({ ...options, retryCount: 0 }),
  }) as Client
}
