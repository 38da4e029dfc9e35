import { type Hex, parseTransaction, recoverTransactionAddress } from 'viem'
import type { CanonicalTransaction } from '../../src/approval/types'
import { InvalidRequestError } from '../../src/errors/InvalidRequestError'
import type { Auth } from '../auth/sessions'
import type { ServerContext } from '../context'
import { requireFactorForSign } from '../factors/signPolicy'
import type { WalletRecord } from '../storage/types'
import { broadcastOnce, type UnsignedTransaction } from './broadcastOnce'
import { assertFeeWithinCap, readNetworkFees } from './feeCap'
import { nextNonce } from './nextNonce'
import { readApproved } from './readApproved'
import { assertPriced, type SendableTransaction } from './sendTransaction'

/** An approved eth_sendTransaction of a sealed wallet: the canonical request and its hash. */
export interface SealedSendCall {
  context: ServerContext
  auth: Auth
  wallet: WalletRecord
  chainId: number
  request: unknown
  hash: unknown
  /** A fresh second-factor proof, for a transaction above the project's threshold. */
  factorProof?: string | undefined
  /** A call of an approved wallet_sendCalls batch (`request` is the batch): its index. */
  index?: number | undefined
}

/** What is checked just before a broadcast, and what is kept once it is sent. */
export interface SendGate {
  admit(): Promise<void>
  record(hash: Hex): Promise<void>
}

/** The exact transaction the frame signs for a sealed wallet, numbers as hex (JSON). */
export interface SealedUnsignedTransaction {
  chainId: number
  to: `0x${string}` | null
  value: Hex
  data: Hex
  gas: Hex
  nonce: number
  gasPrice?: Hex | undefined
  maxFeePerGas?: Hex | undefined
  maxPriorityFeePerGas?: Hex | undefined
}

function approvedTransaction(call: SealedSendCall): CanonicalTransaction {
  if (call.wallet.custody !== 'sealed')
    throw new InvalidRequestError({ reason: 'Only a sealed wallet signs in the frame.' })
  if (call.index !== undefined) {
    const batch = readApproved(
      { ...call, method: 'wallet_sendCalls', params: undefined },
      'wallet_sendCalls',
    )
    const item = batch.calls[call.index]
    if (!item) throw new InvalidRequestError({ reason: 'The approved batch has no such call.' })
    const { calls: _calls, version: _version, ...common } = batch
    return { ...common, ...item, method: 'eth_sendTransaction' }
  }
  return readApproved(
    { ...call, method: 'eth_sendTransaction', params: undefined },
    'eth_sendTransaction',
  )
}

const accountKey = (tx: SendableTransaction, address: string) =>
  `${tx.chainId}:${address.toLowerCase()}`

/**
 * The approved transaction (re-normalised, hash checked), its fee checked against the current
 * base fee, with the nonce it will be sent with (the approved one, or the account's next now):
 * exactly what the frame signs. Nothing is recorded yet.
 */
export async function prepareSealedSend(call: SealedSendCall): Promise<SealedUnsignedTransaction> {
  const { context, wallet } = call
  const tx = approvedTransaction(call)
  const gas = assertPriced(tx)
  const chain = context.chains.get(tx.chainId)
  assertFeeWithinCap(
    context,
    tx.chainId,
    await readNetworkFees(context, tx.chainId, chain),
    gas,
    tx,
  )
  const nonce =
    tx.nonce !== undefined
      ? Number(BigInt(tx.nonce))
      : await context.serialize(accountKey(tx, wallet.address), () =>
          nextNonce(chain, wallet.address),
        )
  return {
    chainId: tx.chainId,
    to: tx.to,
    value: tx.value,
    data: tx.data,
    gas: tx.gas as Hex,
    nonce,
    ...(tx.gasPrice !== undefined
      ? { gasPrice: tx.gasPrice }
      : { maxFeePerGas: tx.maxFeePerGas, maxPriorityFeePerGas: tx.maxPriorityFeePerGas }),
  }
}

const same = (a: bigint | undefined, b: string | undefined) =>
  (a === undefined && b === undefined) || (a !== undefined && b !== undefined && a === BigInt(b))

function mismatch(field: string): never {
  throw new InvalidRequestError({
    reason: `The signed transaction's ${field} is not the approved one.`,
  })
}

/**
 * Broadcasts a transaction the frame signed for a sealed wallet, once (`broadcastOnce`: recorded
 * by hash first, a lost answer looked up, never re-sent). Refused unless its signer is the
 * wallet and every field is the approved request's; a "next" nonce must still be the account's
 * next inside its queue (otherwise the frame signs again with the new one).
 */
export async function sendSealed(
  call: SealedSendCall & { raw: Hex },
  gate?: SendGate,
): Promise<Hex> {
  const { context, wallet, raw } = call
  const tx = approvedTransaction(call)
  const gas = assertPriced(tx)
  let signed: ReturnType<typeof parseTransaction>
  let signer: string
  try {
    signed = parseTransaction(raw)
    signer = await recoverTransactionAddress({ serializedTransaction: raw as never })
  } catch {
    throw new InvalidRequestError({ reason: 'The signed transaction cannot be read.' })
  }
  if (signer.toLowerCase() !== wallet.address.toLowerCase()) mismatch('signer')
  if (signed.chainId !== tx.chainId) mismatch('chain')
  if ((signed.to ?? null)?.toLowerCase() !== tx.to?.toLowerCase()) mismatch('recipient')
  if ((signed.value ?? 0n) !== BigInt(tx.value)) mismatch('value')
  if ((signed.data ?? '0x').toLowerCase() !== tx.data.toLowerCase()) mismatch('data')
  if (signed.gas !== gas) mismatch('gas')
  if (signed.type !== (tx.gasPrice !== undefined ? 'legacy' : 'eip1559')) mismatch('type')
  if ('accessList' in signed && (signed.accessList?.length ?? 0) > 0) mismatch('access list')
  if (!same(signed.gasPrice, tx.gasPrice)) mismatch('gas price')
  if (!same(signed.maxFeePerGas, tx.maxFeePerGas)) mismatch('max fee')
  if (!same(signed.maxPriorityFeePerGas, tx.maxPriorityFeePerGas)) mismatch('tip')
  const nonce = signed.nonce
  if (nonce === undefined || (tx.nonce !== undefined && nonce !== Number(BigInt(tx.nonce))))
    mismatch('nonce')
  const chain = context.chains.get(tx.chainId)
  assertFeeWithinCap(
    context,
    tx.chainId,
    await readNetworkFees(context, tx.chainId, chain),
    gas,
    tx,
  )
  return context.serialize(accountKey(tx, wallet.address), async () => {
    if (tx.nonce === undefined && nonce !== (await nextNonce(chain, wallet.address)))
      throw new InvalidRequestError({
        reason: "The account's next nonce changed since it was signed; sign again.",
      })
    // Taken here, just before the one broadcast, so a re-signing for a moved nonce keeps it.
    if (gate) await gate.admit()
    else await requireFactorForSign(context, { ...call, request: tx, hash: String(call.hash) })
    const hash = await broadcastOnce(context, chain, {
      // Signed already, in the frame: the one signature there is, for exactly these fields.
      account: { address: wallet.address, signTransaction: async () => raw },
      userId: wallet.userId,
      tx: { ...signed, nonce } as UnsignedTransaction,
    })
    await gate?.record(hash)
    return hash
  })
}
