/** Cluster facts: slot, block height, epoch, genesis hash, version, health. */
import type { SolanaChain } from './createSolanaChain'
import { commitmentParam, configParam, contextSlot } from './params'
import type { MethodTable } from './types'

/** Slots per epoch of mainnet's schedule (epoch = slot / this; no warm-up epochs). */
const SLOTS_PER_EPOCH = 432_000n

/** The cluster methods; `genesisHash` is this instance's (random, as a fresh local validator's is). */
export function clusterMethods(chain: SolanaChain, genesisHash: string): MethodTable {
  let transactionCount = 0n
  chain.onChange((reason) => {
    if (reason === 'transaction') transactionCount++
  })
  return {
    getSlot([config]) {
      return contextSlot(chain, configParam(config))
    },
    getBlockHeight([config]) {
      return contextSlot(chain, configParam(config))
    },
    getEpochInfo([rawConfig]) {
      const config = configParam(rawConfig)
      commitmentParam(config.commitment)
      const slot = contextSlot(chain, config)
      return {
        absoluteSlot: slot,
        blockHeight: slot,
        epoch: slot / SLOTS_PER_EPOCH,
        slotIndex: slot % SLOTS_PER_EPOCH,
        slotsInEpoch: SLOTS_PER_EPOCH,
        transactionCount,
      }
    },
    getGenesisHash: () => genesisHash,
    getVersion: () => ({ 'feature-set': 0, 'solana-core': '2.2.0' }),
    getHealth: () => 'ok',
  }
}
