import { isSolanaApprovalMethod } from '../../src/approval/normalizeSolanaRequest'
import { parseSolanaCanonicalRequest } from '../../src/approval/parseSolanaCanonicalRequest'
import type {
  CanonicalSolanaSignAndSendTransaction,
  SolanaApprovalMethod,
} from '../../src/approval/solanaTypes'
import { RpcMethodNotAllowedError } from '../../src/errors/RpcMethodNotAllowedError'
import { decodeBase64, encodeBase64 } from '../../src/utils/base64'
import { encodeBase58 } from '../../src/utils/encodeBase58'
import type { ServerContext } from '../context'
import { type SolanaSigner, solanaSigner } from '../custody/solanaWallets'
import type { SolanaWalletRecord } from '../storage/types'
import { sendSolanaOnce } from './sendSolanaOnce'
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

function send(
  call: SolanaRpcCall,
  signer: SolanaSigner,
  request: CanonicalSolanaSignAndSendTransaction,
): Promise<{ signature: string }> {
  // Before signing: a cluster without an RPC URL is refused with nothing signed.
  const transport = call.context.solana.get(request.chain)
  const signed = signSolanaTransaction(bytesOf(request.transaction), signer)
  return sendSolanaOnce(call.context, transport, {
    userId: call.wallet.userId,
    address: call.wallet.address,
    cluster: request.chain,
    signature: encodeBase58(signed.signature),
    transaction: encodeBase64(signed.transaction),
    options: request.options,
  })
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
      return send(call, signer, request)
  }
}
