/** A wire transaction from a `sendTransaction` / `simulateTransaction` param, checked like agave does. */
import {
  getBase58Encoder,
  getBase64Encoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  type Transaction,
  verifySignature,
} from '@solana/kit'
import { invalidParams, rpcCodes, SolanaRpcError } from './rpcError'

const PACKET_DATA_SIZE = 1232
const TYPE = 'solana_transaction::versioned::VersionedTransaction'

/** Decodes a base58 / base64 wire transaction; bad input is `-32602` with the validator's words. */
export function decodeTransaction(encoded: unknown, encoding: unknown = 'base58'): Transaction {
  if (typeof encoded !== 'string')
    throw invalidParams('invalid type: expected a string transaction')
  if (encoding !== 'base58' && encoding !== 'base64') {
    throw invalidParams(
      `unsupported encoding: ${String(encoding)}. Supported encodings: base58, base64`,
    )
  }
  const maxEncoded = encoding === 'base58' ? 1683 : 1644
  if (encoded.length > maxEncoded) {
    throw invalidParams(
      `${encoding} encoded ${TYPE} too large: ${encoded.length} bytes (max: encoded/raw ${maxEncoded}/${PACKET_DATA_SIZE})`,
    )
  }
  let bytes: Uint8Array
  try {
    bytes = new Uint8Array(
      encoding === 'base58'
        ? getBase58Encoder().encode(encoded)
        : getBase64Encoder().encode(encoded),
    )
  } catch {
    throw invalidParams(
      `invalid ${encoding} encoding: ${encoding === 'base58' ? 'InvalidCharacter' : 'InvalidByte'}`,
    )
  }
  try {
    return getTransactionDecoder().decode(bytes)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw invalidParams(`failed to deserialize ${TYPE}: ${reason}`)
  }
}

/** Checks every signature as the validator's sigverify stage does (`-32003` on failure). */
export async function verifyTransactionSignatures(transaction: Transaction): Promise<void> {
  const failure = new SolanaRpcError(
    rpcCodes.transactionSignatureVerificationFailure,
    'Transaction signature verification failure',
  )
  for (const [address, signature] of Object.entries(transaction.signatures)) {
    if (!signature) throw failure
    const key = await getPublicKeyFromAddress(
      address as Parameters<typeof getPublicKeyFromAddress>[0],
    )
    const valid = await verifySignature(key, signature, transaction.messageBytes).catch(() => false)
    if (!valid) throw failure
  }
}
