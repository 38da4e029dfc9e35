import { createPublicKey, verify } from 'node:crypto'
import { parseSolanaCanonicalRequest } from '../../src/approval/parseSolanaCanonicalRequest'
import { InvalidRequestError } from '../../src/errors/InvalidRequestError'
import { decodeSolanaTransaction } from '../../src/solana/decodeSolanaTransaction'
import { decodeBase64 } from '../../src/utils/base64'
import { decodeBase58 } from '../../src/utils/decodeBase58'
import { encodeBase58 } from '../../src/utils/encodeBase58'
import type { ServerContext } from '../context'
import { sendSolanaOnce } from './sendSolanaOnce'

const refuse = (reason: string): never => {
  throw new InvalidRequestError({ reason })
}

/** Whether `signature` is the ed25519 signature of `message` by the Solana `address`. */
function verifiesFor(address: string, message: Uint8Array, signature: Uint8Array): boolean {
  const publicKey = decodeBase58(address)
  if (publicKey?.length !== 32) return false
  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') },
    format: 'jwk',
  })
  return verify(null, message, key, signature)
}

/**
 * POST /v1/solana/sealed/send: an approved `solana_signAndSendTransaction` of a sealed Solana
 * account, signed in the frame (the server has no key for it). The canonical request is read
 * back and its hash checked; the signed bytes must be exactly the approved transaction with the
 * user's signature, valid, in the user's slot; then it is sent once, recorded under that
 * signature before it goes out (`sendSolanaOnce`), as a transaction the server signed is.
 */
export async function sendSealedSolana(
  context: ServerContext,
  params: { userId: string; request: unknown; hash: string; transaction: string },
): Promise<{ signature: string }> {
  const solana = await context.storage.solanaWallets.findByUserId(params.userId)
  if (solana?.encryptedKey !== '')
    return refuse('This Solana account is not sealed: the server signs for it.')
  const { address } = solana
  const request = parseSolanaCanonicalRequest({
    request: params.request,
    hash: params.hash,
    method: 'solana_signAndSendTransaction',
    account: address,
  })
  if (request.method !== 'solana_signAndSendTransaction') return refuse('Not a send.')
  // A cluster without an RPC URL is refused before anything is recorded.
  const transport = context.solana.get(request.chain)
  const approved = decodeBase64(request.transaction) as Uint8Array
  const signed = decodeBase64(params.transaction)
  if (signed?.length !== approved.length) return refuse('Not the approved transaction.')
  const decoded = decodeSolanaTransaction(approved)
  const slot = decoded.staticAccounts.slice(0, decoded.header.requiredSignatures).indexOf(address)
  if (slot === -1) refuse('This wallet is not a signer of the transaction.')
  const start = approved.length - decoded.messageBytes.length - 64 * decoded.signatures.length
  const from = start + 64 * slot
  // Every byte but the user's signature slot is the approved one.
  for (let index = 0; index < approved.length; index++)
    if ((index < from || index >= from + 64) && signed[index] !== approved[index])
      refuse('Not the approved transaction.')
  const signature = signed.slice(from, from + 64)
  if (!verifiesFor(address, decoded.messageBytes, signature))
    refuse("The transaction's signature is not this account's.")
  return sendSolanaOnce(context, transport, {
    userId: params.userId,
    address,
    cluster: request.chain,
    signature: encodeBase58(signature),
    transaction: params.transaction,
    options: request.options,
  })
}
