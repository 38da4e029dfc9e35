import type { ChainClient } from './createChainClients'

/**
 * The nonce of an address's next transaction: the node's pending count, or this process's own
 * count when that is higher (a node behind a load balancer may not have seen our last send yet)
 * and the node still knows our transaction at its pending count. Called inside the per-account
 * queue, so two sends never get one nonce; a refused or uncertain send does not move the count,
 * so the next send takes its nonce and nothing is left with a gap (at most one of the two can be
 * mined). After a restart the count is read from the node again.
 */
export async function nextNonce(chain: ChainClient, address: `0x${string}`): Promise<number> {
  const pending = Number(
    await chain.transport.request('eth_getTransactionCount', [address, 'pending']),
  )
  const own = chain.nonces.get(address.toLowerCase())
  if (own === undefined || own.next <= pending) return pending
  // Ours says further on: trust it only while the node still knows our transaction at `pending`.
  const hash = own.hashes.get(pending)
  if (hash && (await chain.transport.request('eth_getTransactionByHash', [hash]))) return own.next
  return pending
}

/** Records a transaction the node took: the next send from the address uses `nonce + 1`. */
export function rememberNonce(
  chain: ChainClient,
  address: `0x${string}`,
  nonce: number,
  hash: `0x${string}`,
): void {
  const key = address.toLowerCase()
  const own = chain.nonces.get(key) ?? { next: 0, hashes: new Map<number, `0x${string}`>() }
  own.next = Math.max(own.next, nonce + 1)
  own.hashes.set(nonce, hash)
  // Keep the last few: older ones are mined or gone.
  for (const old of own.hashes.keys()) if (old < nonce - 64) own.hashes.delete(old)
  chain.nonces.set(key, own)
}
