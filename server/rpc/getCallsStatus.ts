import { numberToHex } from 'viem'
import { z } from 'zod'
import { InvalidRequestError } from '../../src/errors/InvalidRequestError'
import type { ServerContext } from '../context'
import type { ChainClient } from './createChainClients'
import { forward } from './forward'
import { parseParams } from './params'
import type { RpcHandler } from './types'

const receiptSchema = z.object({
  logs: z.array(z.unknown()),
  status: z.string(),
  blockHash: z.string(),
  blockNumber: z.string(),
  gasUsed: z.string(),
  transactionHash: z.string(),
})

/** EIP-5792 status codes. */
const pending = 100
const confirmed = 200
const reverted = 500
const partial = 600

/**
 * Whether a send whose outcome was uncertain (`BroadcastUncertainError`) can no longer be mined:
 * it has no receipt and the account's mined count has passed its nonce.
 */
async function wasDropped(
  context: ServerContext,
  chain: ChainClient,
  hash: `0x${string}`,
): Promise<boolean> {
  const send = await context.storage.sends.find(hash)
  if (send?.status !== 'uncertain') return false
  const mined = Number(await forward(chain, 'eth_getTransactionCount', [send.address, 'latest']))
  return mined > send.nonce
}

/** wallet_getCallsStatus [id]: status and receipts of a batch this user sent. */
export const getCallsStatus: RpcHandler = async ({ auth, context, params }) => {
  const [id] = parseParams(z.tuple([z.string().min(1).max(200)]).rest(z.unknown()), params)
  const calls = await context.storage.calls.find(id, auth.user.id)
  if (!calls) throw new InvalidRequestError({ reason: 'Unknown calls id.' })
  const chain = context.chains.get(calls.chainId)
  const receipts = []
  let dropped = 0
  for (const hash of calls.hashes) {
    const raw = await forward(chain, 'eth_getTransactionReceipt', [hash])
    const receipt = raw ? receiptSchema.safeParse(raw) : undefined
    if (receipt?.success) receipts.push(receipt.data)
    else if (await wasDropped(context, chain, hash)) dropped++
  }
  const done = receipts.length + dropped === calls.hashes.length
  const succeeded = receipts.filter((receipt) => receipt.status === '0x1').length
  const status = !done
    ? pending
    : succeeded === receipts.length && !calls.failed && dropped === 0
      ? confirmed
      : succeeded === 0 && !calls.failed
        ? reverted
        : partial
  return {
    version: '2.0.0',
    id,
    chainId: numberToHex(calls.chainId),
    atomic: false,
    status,
    receipts,
  }
}
