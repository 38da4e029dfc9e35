import { randomBytes } from 'node:crypto'
import { BroadcastUncertainError } from '../../src/errors/BroadcastUncertainError'
import { BaseError } from '../../src/errors/base'
import { InvalidRequestError } from '../../src/errors/InvalidRequestError'
import { requireFactorForSign } from '../factors/signPolicy'
import { assertFeeWithinCap, readNetworkFees } from './feeCap'
import { readApproved } from './readApproved'
import { assertPriced, type SendableTransaction, signAndSend } from './sendTransaction'
import type { RpcHandler } from './types'

/**
 * wallet_sendCalls (EIP-5792) for an EOA: the approved calls are sent one after another (no
 * atomicity); the fee ceilings are checked for every call before the first is sent; a failure
 * stops the batch (a first call that fails is the answer). Answers `{ id }` for
 * wallet_getCallsStatus.
 */
export const sendCalls: RpcHandler = async (call) => {
  const { auth, context, wallet } = call
  const request = readApproved(call, 'wallet_sendCalls')
  await requireFactorForSign(context, { ...call, request, hash: String(call.hash) })
  const { chainId, gasPrice, maxFeePerGas, maxPriorityFeePerGas } = request
  const txs: SendableTransaction[] = request.calls.map((item) => ({
    chainId,
    ...item,
    gasPrice,
    maxFeePerGas,
    maxPriorityFeePerGas,
  }))
  const network = await readNetworkFees(context, chainId, context.chains.get(chainId))
  for (const tx of txs) assertFeeWithinCap(context, chainId, network, assertPriced(tx), tx)
  const hashes: `0x${string}`[] = []
  let failure: unknown
  for (const tx of txs) {
    try {
      // Checked above as a whole: the batch's own blocks may lower the base fee as it goes.
      hashes.push(await signAndSend(context, wallet, tx, network))
    } catch (error) {
      failure = error
      // Sent or not, nobody can tell yet: its hash is kept, so the status shows its receipt if it
      // is mined, and reports it dropped once the account's next transaction took its nonce.
      if (error instanceof BroadcastUncertainError && error.hash && hashes.length > 0)
        hashes.push(error.hash)
      break
    }
  }
  if (hashes.length === 0)
    throw failure instanceof BaseError
      ? failure
      : new InvalidRequestError({ reason: 'No call could be sent.' })
  const id = `0x${randomBytes(32).toString('hex')}`
  await context.storage.calls.create({
    id,
    userId: auth.user.id,
    chainId,
    hashes,
    failed: failure !== undefined,
    createdAt: context.now(),
  })
  return { id }
}
