import { randomBytes } from 'node:crypto'
import type { Hex } from 'viem'
import { BroadcastUncertainError } from '../../src/errors/BroadcastUncertainError'
import { InvalidRequestError } from '../../src/errors/InvalidRequestError'
import { sha256Hex } from '../crypto/hash'
import { requireFactorForSign } from '../factors/signPolicy'
import { readApproved } from './readApproved'
import { type SealedSendCall, type SendGate, sendSealed } from './sendSealed'

/** Where a sealed batch stands: its wallet_getCallsStatus id and the salt that binds it. */
export interface SealedBatch {
  id: Hex
  salt: string
}

/** The batch's id commits to its approved request's hash and the session that sends it. */
const batchId = (hash: string, sessionId: string, salt: string): Hex =>
  `0x${sha256Hex(`sealed-calls:${hash.toLowerCase()}:${sessionId}:${salt}`)}`

function notThisBatch(): never {
  throw new InvalidRequestError({ reason: 'This call is not the next one of an approved batch.' })
}

/**
 * One call of an approved wallet_sendCalls batch of a sealed wallet, signed in the frame and
 * broadcast once by `sendSealed` (its fields checked against call `index` of the batch).
 * Call 0 takes the batch's second-factor proof (above the threshold: one proof for the batch's
 * hash, taken once) and opens the batch's record; every later call names that record, which is
 * bound to the batch's hash and this session, and is sent only as the batch's next call, once.
 */
export async function sendSealedCall(
  call: SealedSendCall & { raw: Hex; index: number; batch?: SealedBatch | undefined },
): Promise<{ result: Hex; batch: SealedBatch }> {
  const { context, auth, index } = call
  const hash = String(call.hash)
  const request = readApproved(
    { ...call, method: 'wallet_sendCalls', params: undefined },
    'wallet_sendCalls',
  )
  let batch: SealedBatch
  let gate: SendGate
  let previous: Hex[] = []
  let admitted = false
  if (index === 0) {
    if (call.batch) notThisBatch()
    const salt = randomBytes(16).toString('hex')
    batch = { id: batchId(hash, auth.session.id, salt), salt }
    gate = {
      admit: () => requireFactorForSign(context, { ...call, request, hash }),
      record: (sent) =>
        context.storage.calls.create({
          id: batch.id,
          userId: auth.user.id,
          chainId: request.chainId,
          hashes: [sent],
          // Short of its calls until the last one is recorded: a batch that stops says so.
          failed: request.calls.length > 1,
          createdAt: context.now(),
        }),
    }
  } else {
    const given = call.batch
    if (!given || batchId(hash, auth.session.id, given.salt) !== given.id) notThisBatch()
    batch = given
    gate = {
      async admit() {
        const record = await context.storage.calls.find(given.id, auth.user.id)
        if (!record || record.hashes.length !== index) notThisBatch()
        previous = record.hashes
        admitted = true
      },
      async record(sent) {
        const short = index + 1 < request.calls.length
        if (!(await context.storage.calls.append(given.id, auth.user.id, previous, sent, short)))
          notThisBatch()
      },
    }
  }
  try {
    return { result: await sendSealed(call, gate), batch }
  } catch (error) {
    // A later call sent or not, nobody can tell yet: kept, as the server's own batches keep it
    // (the status shows its receipt if it is mined); the batch stops there.
    if (index > 0 && admitted && error instanceof BroadcastUncertainError && error.hash)
      await context.storage.calls.append(batch.id, auth.user.id, previous, error.hash, true)
    throw error
  }
}
