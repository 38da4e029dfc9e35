import { createPublicClient, http } from 'viem'
import { optimism } from 'viem/chains'
import { FarcasterRelayError } from '../../src/errors/FarcasterRelayError'
import type { FarcasterOptions } from './farcasterOptions'
import {
  farcasterChainId,
  farcasterRegistryAbi,
  idRegistryAddress,
  keyRegistryAddress,
} from './farcasterRegistries'
import { createFarcasterRelay, type FarcasterRelay } from './farcasterRelay'
import type { FarcasterChain } from './verifyFarcasterAnswer'

/** Farcaster login of one server: the relay and Optimism, both contacted only when a login runs. */
export interface FarcasterEngine {
  options: FarcasterOptions
  relay: FarcasterRelay
  chain: FarcasterChain
}

/**
 * The Optimism reads of Sign In With Farcaster through the operator's RPC (`rpcUrl`). Before the
 * first read the RPC must say it is chain 10: registries read from another chain would sign in
 * whoever holds the same fid there. A failed check is asked again on the next login.
 */
export function createFarcasterChain(rpcUrl: string, timeoutMs: number): FarcasterChain {
  const client = createPublicClient({
    chain: optimism,
    transport: http(rpcUrl, { timeout: timeoutMs, retryCount: 1 }),
  })
  let checked: Promise<void> | undefined
  const ready = () => {
    checked ??= client.getChainId().then((id) => {
      if (id !== farcasterChainId)
        throw new FarcasterRelayError({ reason: `rpc: the RPC is chain ${id}, not Optimism (10).` })
    })
    checked.catch(() => {
      checked = undefined
    })
    return checked
  }
  return {
    async verifyMessage(parameters) {
      await ready()
      return client.verifyMessage({ ...parameters, mode: 'eoa' })
    },
    async custodyOf(fid) {
      await ready()
      return client.readContract({
        address: idRegistryAddress,
        abi: farcasterRegistryAbi,
        functionName: 'custodyOf',
        args: [fid],
      })
    },
    async keyDataOf(fid, key) {
      await ready()
      return client.readContract({
        address: keyRegistryAddress,
        abi: farcasterRegistryAbi,
        functionName: 'keyDataOf',
        args: [fid, key],
      })
    },
  }
}

/** Makes the Farcaster engine of a server (`farcaster` option): nothing is contacted yet. */
export function createFarcasterEngine(options: FarcasterOptions): FarcasterEngine {
  return {
    options,
    relay: createFarcasterRelay(options),
    chain: createFarcasterChain(options.rpcUrl, options.timeoutMs),
  }
}
