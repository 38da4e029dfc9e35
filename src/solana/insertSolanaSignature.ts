import { InvalidRequestError } from '../errors/InvalidRequestError'
import { decodeSolanaTransaction } from './decodeSolanaTransaction'

/**
 * A wire transaction with `signature` put in `signer`'s slot: what a WalletConnect wallet means
 * when `solana_signTransaction` answers only `{ signature }` (the reference lets it leave the
 * transaction out). The other signatures stay as they were.
 * @throws InvalidRequestError when the bytes are no transaction, the signature is not 64 bytes,
 * or `signer` does not sign it
 */
export function insertSolanaSignature(
  transaction: Uint8Array,
  signer: string,
  signature: Uint8Array,
): Uint8Array {
  if (signature.length !== 64)
    throw new InvalidRequestError({ reason: 'A Solana signature is 64 bytes.' })
  const decoded = decodeSolanaTransaction(transaction)
  const index = decoded.staticAccounts.indexOf(signer)
  if (index < 0 || index >= decoded.header.requiredSignatures)
    throw new InvalidRequestError({ reason: `${signer} does not sign this transaction.` })
  // the signatures end where the message starts; slot `index` of `count` lies before it
  const start =
    transaction.length - decoded.messageBytes.length - (decoded.signatures.length - index) * 64
  const signed = transaction.slice()
  signed.set(signature, start)
  return signed
}
