import { InvalidRequestError } from '../../src/errors/InvalidRequestError'
import { decodeSolanaTransaction } from '../../src/solana/decodeSolanaTransaction'
import type { SolanaSigner } from '../custody/solanaWallets'

/**
 * Signs a wire transaction's message bytes and puts the signature in the account's slot (its
 * place among the signers); every other byte stays as it came. Returns the new bytes, the
 * signature and its slot (0 for the fee payer, whose signature is the transaction's id).
 * @throws InvalidRequestError when the account is not one of the transaction's signers
 */
export function signSolanaTransaction(
  bytes: Uint8Array,
  signer: SolanaSigner,
): { transaction: Uint8Array; signature: Uint8Array; slot: number } {
  const transaction = decodeSolanaTransaction(bytes)
  const slot = transaction.staticAccounts
    .slice(0, transaction.header.requiredSignatures)
    .indexOf(signer.address)
  if (slot === -1)
    throw new InvalidRequestError({ reason: 'This wallet is not a signer of the transaction.' })
  const signature = signer.sign(transaction.messageBytes)
  const signed = Uint8Array.from(bytes)
  // The signatures follow their compact-u16 count, which is one byte below 128 signatures.
  const start = bytes.length - transaction.messageBytes.length - 64 * transaction.signatures.length
  signed.set(signature, start + 64 * slot)
  return { transaction: signed, signature, slot }
}
