import type { CanonicalFees } from '../../src/approval/types'
import { InvalidRequestError } from '../../src/errors/InvalidRequestError'
import type { ServerContext } from '../context'
import { walletAccount } from '../custody/wallets'
import { requireFactorForSign } from '../factors/signPolicy'
import type { WalletRecord } from '../storage/types'
import { broadcastOnce, type UnsignedTransaction } from './broadcastOnce'
import { assertFeeWithinCap, type NetworkFees, readNetworkFees } from './feeCap'
import { readApproved } from './readApproved'
import type { RpcHandler } from './types'

/** One transaction exactly as approved: gas and fees set, the nonce optional ("next"). */
export interface SendableTransaction extends CanonicalFees {
  chainId: number
  to: `0x${string}` | null
  value: `0x${string}`
  data: `0x${string}`
  gas?: `0x${string}` | undefined
  nonce?: `0x${string}` | undefined
}

/** Refuses a transaction whose gas or fees were not set when it was approved. */
export function assertPriced(tx: SendableTransaction): bigint {
  if (
    tx.gas === undefined ||
    (tx.gasPrice === undefined &&
      (tx.maxFeePerGas === undefined || tx.maxPriorityFeePerGas === undefined))
  )
    throw new InvalidRequestError({
      reason: 'The transaction was approved without its gas and fees; prepare it first.',
    })
  return BigInt(tx.gas)
}

/**
 * Signs and broadcasts one approved transaction from the user's wallet with exactly its fields
 * (the nonce filled when unset), after checking its fee against the current base fee. Sends from
 * one account and chain run one after another; each is signed and broadcast once
 * (`broadcastOnce`: a lost answer is looked up by hash, never re-sent).
 */
export async function signAndSend(
  context: ServerContext,
  wallet: WalletRecord,
  tx: SendableTransaction,
  network?: NetworkFees,
): Promise<`0x${string}`> {
  const gas = assertPriced(tx)
  const chain = context.chains.get(tx.chainId)
  const current = network ?? (await readNetworkFees(context, tx.chainId, chain))
  assertFeeWithinCap(context, tx.chainId, current, gas, tx)
  const fees =
    tx.gasPrice !== undefined
      ? { type: 'legacy' as const, gasPrice: BigInt(tx.gasPrice) }
      : {
          type: 'eip1559' as const,
          maxFeePerGas: BigInt(tx.maxFeePerGas as string),
          maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas as string),
        }
  const account = walletAccount(context, wallet)
  return context.serialize(`${tx.chainId}:${wallet.address.toLowerCase()}`, () =>
    broadcastOnce(context, chain, {
      account,
      userId: wallet.userId,
      tx: {
        to: tx.to,
        value: BigInt(tx.value),
        data: tx.data,
        gas,
        nonce: tx.nonce === undefined ? undefined : Number(BigInt(tx.nonce)),
        ...fees,
      } as UnsignedTransaction,
    }),
  )
}

/** eth_sendTransaction: the approved canonical transaction, signed on the server and broadcast. */
export const sendTransaction: RpcHandler = async (call) => {
  const tx = readApproved(call, 'eth_sendTransaction')
  await requireFactorForSign(call.context, { ...call, request: tx, hash: String(call.hash) })
  return signAndSend(call.context, call.wallet, tx)
}
