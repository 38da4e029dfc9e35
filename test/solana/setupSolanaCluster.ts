import { createSolanaRpc, type Rpc, type SolanaRpcApi } from '@solana/kit'
import { afterAll, beforeAll } from 'vitest'
import { type SolanaRpc, startSolanaRpc } from './startSolanaRpc'

/** A test file's cluster: our litesvm RPC and kit's client of it, set once `beforeAll` ran. */
export interface SolanaCluster {
  solana: SolanaRpc
  rpc: Rpc<SolanaRpcApi>
}

/** Starts a cluster for the calling test file (`beforeAll`) and stops it (`afterAll`). */
export function setupSolanaCluster(slotMs = 20): SolanaCluster {
  const cluster = {} as SolanaCluster
  beforeAll(async () => {
    cluster.solana = await startSolanaRpc({ slotMs })
    cluster.rpc = createSolanaRpc(cluster.solana.url)
  })
  afterAll(async () => {
    await cluster.solana?.stop()
  })
  return cluster
}
