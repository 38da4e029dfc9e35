import { isSolanaApprovalMethod } from '../../src/approval/normalizeSolanaRequest'
import { parseSolanaCanonicalRequest } from '../../src/approval/parseSolanaCanonicalRequest'
import type {
  CanonicalSolanaSignAndSendTransaction,
  SolanaApprovalMethod,
} from '../../src/approval/solanaTypes'
import { ChainRequestFailedError } from '../../src/errors/ChainRequestFailedError'
import { RpcMethodNotAllowedError } from '../../src/errors/RpcMethodNotAllowedError'
import { decodeBase64, encodeBase64 } from '../../src/utils/base64'
import { encodeBase58 } from '../../src/utils/encodeBase58'
import type { ServerContext } from '../context'
import { type SolanaSigner, solanaSigner } from '../custody/solanaWallets'
import { toChainError } from '../rpc/forward'
import type { SolanaWalletRecord } from '../storage/types'
import { signSolanaTransaction } from './signSolanaTransaction'

/** One approved Solana request of a signed-in user. */
export interface SolanaRpcCall {
  context: ServerContext
  wallet: SolanaWalletRecord
  method: string
  /** The canonical request the frame showed (src/approval/solanaTypes.ts). */
  request: unknown
  /** Its `hashCanonicalRequest`. */
  hash: unknown
}

// The canonical request holds strict base64 that the shared builder already read.
const bytesOf = (base64: string) => decodeBase64(base64) as Uint8Array

async function send(
  context: ServerContext,
  signer: SolanaSigner,
  request: CanonicalSolanaSignAndSendTransaction,
): Promise<{ signature: string }> {
  // Before signing: a cluster without an RPC URL is refused with nothing signed.
  const transport = context.solana.get(request.chain)
  const signed = signSolanaTransaction(bytesOf(request.transaction), signer)
  const signature = encodeBase58(signed.signature)
  let answer: unknown
  try {
    // Never retried (see isIdempotent); the same bytes again would be the same transaction.
    answer = await transport.request('sendTransaction', [
      encodeBase64(signed.transaction),
      { encoding: 'base64', ...request.options },
    ])
  } catch (error) {
    throw toChainError(error)
  }
  if (answer !== signature)
    throw new ChainRequestFailedError({
      message: 'The cluster answered with another transaction signature.',
    })
  return { signature }
}

/**
 * Carries out an approved Solana request: the canonical request is read back through the shared
 * builder (src/approval) and its hash checked, then the user's ed25519 key signs exactly those
 * bytes. Answers `{ signature }` (base58) for a message and a sent transaction, `{ transaction }`
 * or `{ transactions }` (base64 wire bytes) for signed ones.
 */
export async function handleSolanaRpc(call: SolanaRpcCall): Promise<unknown> {
  const method = call.method
  if (!isSolanaApprovalMethod(method)) throw new RpcMethodNotAllowedError({ method })
  const request = parseSolanaCanonicalRequest({
    request: call.request,
    hash: call.hash,
    method: method satisfies SolanaApprovalMethod,
    account: call.wallet.address,
  })
  const signer = solanaSigner(call.context, call.wallet)
  switch (request.method) {
    case 'solana_signMessage':
      return { signature: encodeBase58(signer.sign(bytesOf(request.message))) }
    case 'solana_signTransaction':
      return {
        transaction: encodeBase64(
          signSolanaTransaction(bytesOf(request.transaction), signer).transaction,
        ),
      }
    case 'solana_signAllTransactions':
      return {
        transactions: request.transactions.map((item) =>
          encodeBase64(signSolanaTransaction(bytesOf(item), signer).transaction),
        ),
      }
    case 'solana_signAndSendTransaction':
      return send(call.context, signer, request)
  }
}
