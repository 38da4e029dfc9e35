import type { CanonicalSolanaSendOptions } from '../../src/approval/solanaTypes'
import { BroadcastUncertainError } from '../../src/errors/BroadcastUncertainError'
import { ChainRequestFailedError } from '../../src/errors/ChainRequestFailedError'
import type { ServerContext } from '../context'
import { isNodeRefusal } from '../rpc/attemptError'
import type { ChainTransport } from '../rpc/chainTransportTypes'
import { toChainError } from '../rpc/forward'
import type { SendStatus } from '../storage/types'

/** A refusal that in fact says the cluster has the transaction already. */
const alreadyProcessed = /already been processed|alreadyprocessed/i

const pollMs = 500
/** Lookups that answered "not known" before the send counts as uncertain. */
const answeredMisses = 3

/**
 * After a send whose answer was lost (timeout, reset, 5xx): asks the cluster for the signature's
 * status (history searched) until it is found, the cluster has said "unknown" three times, or
 * `windowMs` is over. Never sends again.
 */
async function reconcileSolanaSend(
  transport: ChainTransport,
  signature: string,
  windowMs: number,
): Promise<'found' | 'unknown'> {
  const until = Date.now() + windowMs
  let misses = 0
  for (;;) {
    const left = until - Date.now()
    if (left <= 0) return 'unknown'
    try {
      const answer = (await transport.request(
        'getSignatureStatuses',
        [[signature], { searchTransactionHistory: true }],
        { timeoutMs: left },
      )) as { value?: unknown[] } | null
      if (answer?.value?.[0]) return 'found'
      misses++
      if (misses >= answeredMisses) return 'unknown'
    } catch {
      // The cluster is still failing: keep asking until the window closes.
    }
    const wait = Math.min(pollMs, until - Date.now())
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
  }
}

/** A signed Solana transaction, ready to send. */
interface SignedSolanaSend {
  userId: string
  address: string
  /** CAIP-2 cluster id. */
  cluster: string
  /** base58: the fee payer's signature, the transaction's id. */
  signature: string
  /** The wire transaction, base64. */
  transaction: string
  options: CanonicalSolanaSendOptions
}

/**
 * Sends a signed Solana transaction once, as `broadcastOnce` does for EVM: recorded under its
 * signature (`solana_sends`) before `sendTransaction`, which is never retried. When its answer is
 * lost, the signature's status is looked up instead of sending again: found, it answers the
 * signature; not found, `BroadcastUncertainError` with the signature (it may still land until
 * its blockhash expires). The cluster's refusal is `ChainRequestFailedError` with
 * `mayHaveBeenSent: false`.
 */
export async function sendSolanaOnce(
  context: ServerContext,
  transport: ChainTransport,
  send: SignedSolanaSend,
): Promise<{ signature: string }> {
  const { signature } = send
  const at = context.now()
  await context.storage.solanaSends.create({
    signature,
    userId: send.userId,
    cluster: send.cluster,
    address: send.address,
    status: 'sending',
    createdAt: at,
    updatedAt: at,
  })
  const record = (status: SendStatus) =>
    context.storage.solanaSends.setStatus(signature, status, context.now())
  let handedOver = false
  let answer: unknown
  try {
    answer = await transport.request(
      'sendTransaction',
      [send.transaction, { encoding: 'base64', ...send.options }],
      {
        onAttempt: () => {
          handedOver = true
        },
      },
    )
  } catch (error) {
    const typed = toChainError(error)
    const refused = isNodeRefusal(typed) && !alreadyProcessed.test(typed.shortMessage)
    if (!handedOver || refused) {
      await record('failed')
      if (typed instanceof ChainRequestFailedError) typed.mayHaveBeenSent = false
      throw typed
    }
    const outcome = await reconcileSolanaSend(transport, signature, context.options.rpc.reconcileMs)
    context.logger.warn(
      `latchkey server: the answer to Solana transaction ${signature} (${send.cluster}) was lost (${typed.shortMessage}); looked up by signature: ${outcome}`,
    )
    if (outcome === 'found') {
      await record('sent')
      return { signature }
    }
    await record('uncertain')
    throw new BroadcastUncertainError({ signature, cause: typed })
  }
  if (answer !== signature) {
    await record('failed')
    throw new ChainRequestFailedError({
      message: 'The cluster answered with another transaction signature.',
    })
  }
  await record('sent')
  return { signature }
}
