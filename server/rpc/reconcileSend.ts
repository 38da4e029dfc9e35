import type { ChainClient } from './createChainClients'

/** What a lookup after a lost answer found: the transaction, another one at its nonce, or nothing. */
export type ReconcileOutcome = 'found' | 'replaced' | 'unknown'

const pollMs = 500
/** Lookups that answered "not known, nonce free" before the send counts as not taken. */
const answeredMisses = 3

/**
 * After a send whose answer was lost (timeout, reset, 5xx): asks the node for the transaction by
 * hash, and for the account's mined count, until it is found, its nonce is taken by another
 * transaction, the node has said "unknown" three times, or `windowMs` is over. Never re-sends.
 */
export async function reconcileSend(
  { transport }: ChainClient,
  { hash, address, nonce }: { hash: `0x${string}`; address: `0x${string}`; nonce: number },
  windowMs: number,
): Promise<ReconcileOutcome> {
  const until = Date.now() + windowMs
  const byHash = async (timeoutMs: number) =>
    Boolean(await transport.request('eth_getTransactionByHash', [hash], { timeoutMs }))
  let misses = 0
  for (;;) {
    const left = until - Date.now()
    if (left <= 0) return 'unknown'
    try {
      if (await byHash(left)) return 'found'
      const mined = Number(
        await transport.request('eth_getTransactionCount', [address, 'latest'], {
          timeoutMs: Math.max(1, until - Date.now()),
        }),
      )
      // Mined between the two reads, or another transaction took the nonce.
      if (mined > nonce)
        return (await byHash(Math.max(1, until - Date.now()))) ? 'found' : 'replaced'
      misses++
      if (misses >= answeredMisses) return 'unknown'
    } catch {
      // The node is still failing: keep asking until the window closes.
    }
    const wait = Math.min(pollMs, until - Date.now())
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
  }
}
