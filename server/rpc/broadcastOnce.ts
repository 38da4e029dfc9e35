import { keccak256, type LocalAccount, type TransactionSerializable } from 'viem'
import { BroadcastUncertainError } from '../../src/errors/BroadcastUncertainError'
import { ChainRequestFailedError } from '../../src/errors/ChainRequestFailedError'
import type { ServerContext } from '../context'
import type { SendStatus } from '../storage/types'
import { isNodeRefusal } from './attemptError'
import type { ChainClient } from './createChainClients'
import { toChainError } from './forward'
import { nextNonce, rememberNonce } from './nextNonce'
import { reconcileSend } from './reconcileSend'

/** A node's refusal that in fact says it has the transaction already. */
const alreadyKnown = /already known|known transaction|already imported|alreadyknown/i

/** The transaction to sign, without its nonce when it is the account's next. */
export type UnsignedTransaction = Omit<TransactionSerializable, 'nonce' | 'chainId'> & {
  nonce?: number | undefined
}

/**
 * Signs once and broadcasts once: the nonce is the account's next (`nextNonce`), the hash is
 * computed and recorded (`chain_sends`) before `eth_sendRawTransaction`, which is never retried.
 * When its answer is lost (timeout, reset, 5xx, 429), the transaction is looked up by hash and
 * nonce (`reconcileSend`) instead of sent again: found, it answers the hash; its nonce taken by
 * another, `ChainRequestFailedError`; not found, `BroadcastUncertainError` with the hash, and the
 * nonce is not counted as used, so the account's next send takes it (at most one is mined).
 * A node's refusal (insufficient funds, nonce too low…) is `ChainRequestFailedError`, not sent;
 * both definite failures carry `mayHaveBeenSent: false`.
 * Run it inside the account's queue (`context.serialize`).
 */
export async function broadcastOnce(
  context: ServerContext,
  chain: ChainClient,
  {
    account,
    userId,
    tx,
  }: {
    /** The server's account, or a sealed wallet's transaction the frame signed (rpc/sendSealed.ts). */
    account: Pick<LocalAccount, 'address' | 'signTransaction'>
    userId: string
    tx: UnsignedTransaction
  },
): Promise<`0x${string}`> {
  const address = account.address
  let nonce: number
  try {
    nonce = tx.nonce ?? (await nextNonce(chain, address))
  } catch (error) {
    throw toChainError(error)
  }
  const raw = await account.signTransaction({
    ...tx,
    nonce,
    chainId: chain.chain.id,
  } as TransactionSerializable)
  const hash = keccak256(raw)
  const started = Date.now()
  await context.storage.sends.create({
    hash,
    userId,
    chainId: chain.chain.id,
    address,
    nonce,
    status: 'sending',
    createdAt: context.now(),
    updatedAt: context.now(),
  })
  const record = (status: SendStatus) =>
    context.storage.sends.setStatus(hash, status, context.now())
  const sent = async () => {
    rememberNonce(chain, address, nonce, hash)
    await record('sent')
    return hash
  }
  let handedOver = false
  try {
    await chain.transport.request('eth_sendRawTransaction', [raw], {
      onAttempt: () => {
        handedOver = true
      },
    })
    return await sent()
  } catch (error) {
    const typed = toChainError(error)
    if (!handedOver || (isNodeRefusal(typed) && !alreadyKnown.test(typed.shortMessage))) {
      await record('failed')
      // Definite: the visitor may send again (the uncertain case says `mayHaveBeenSent: true`).
      if (typed instanceof ChainRequestFailedError) typed.mayHaveBeenSent = false
      throw typed
    }
    const lostAfter = Date.now() - started
    const outcome = await reconcileSend(
      chain,
      { hash, address, nonce },
      context.options.rpc.reconcileMs,
    )
    const took = Date.now() - started - lostAfter
    context.logger.warn(
      `latchkey server: the answer to ${hash} (chain ${chain.chain.id}, nonce ${nonce}) was lost after ${lostAfter} ms (${typed.shortMessage}); looked up by hash and nonce: ${outcome} in ${took} ms`,
    )
    if (outcome === 'found') return await sent()
    if (outcome === 'replaced') {
      await record('failed')
      throw new ChainRequestFailedError({
        message: 'Another transaction of this account was mined with the same nonce',
        mayHaveBeenSent: false,
      })
    }
    await record('uncertain')
    throw new BroadcastUncertainError({ hash, nonce, cause: typed })
  }
}
