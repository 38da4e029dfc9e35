import { ed25519 } from '@noble/curves/ed25519'
import { bytesToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { type SealedKeyPurpose, sealedKeyProofMessage } from '../../src/sealed/sealedKeyProof'
import { encodeBase64 } from '../../src/utils/base64'
import { encodeBase58 } from '../../src/utils/encodeBase58'

// Test harness: the `keyProof` a frame sends with a new sealed wallet (frame/sealed/proveKeys.ts),
// made apart from the frame's code: viem's signMessage (EIP-191) with the EVM key, and noble's
// ed25519 over the message's UTF-8 bytes with the Solana seed.

/**
 * The proof that `secret` (EVM key ‖ Solana seed, or the EVM key alone) holds the keys of the
 * addresses, for the session of `credential` and `purpose`. The addresses default to the
 * secret's; name others to make a proof for addresses the keys are not of.
 */
export async function sealedKeyProof(
  secret: Uint8Array,
  credential: { key: { thumbprint: string } },
  purpose: SealedKeyPurpose,
  named: { address?: string; solanaAddress?: string } = {},
): Promise<{ evm: `0x${string}`; solana?: string }> {
  const account = privateKeyToAccount(bytesToHex(secret.subarray(0, 32)))
  const seed = secret.length === 64 ? secret.subarray(32) : undefined
  const solanaAddress = named.solanaAddress ?? (seed && encodeBase58(ed25519.getPublicKey(seed)))
  const message = sealedKeyProofMessage({
    purpose,
    thumbprint: credential.key.thumbprint,
    address: named.address ?? account.address,
    solanaAddress,
  })
  const evm = await account.signMessage({ message })
  if (!seed || solanaAddress === undefined) return { evm }
  return { evm, solana: encodeBase64(ed25519.sign(new TextEncoder().encode(message), seed)) }
}
