import { secp256k1 } from '@noble/curves/secp256k1'
import { hashMessage, hexToBytes } from 'viem'
import { type SealedKeyPurpose, sealedKeyProofMessage } from '../../src/sealed/sealedKeyProof'
import { encodeBase64 } from '../../src/utils/base64'
import { FrameReplyError } from '../FrameReplyError'
import { evmKeyOf, signEd25519, solanaSeedOf } from './walletSecret'

/** The proof sent with a new sealed wallet's addresses (server/custody/keyProof.ts). */
export interface KeyProof {
  /** The EIP-191 signature (65 bytes, hex) of the proof message by the EVM key. */
  evm: `0x${string}`
  /** The ed25519 signature (64 bytes, base64) of its UTF-8 bytes by the Solana seed, if held. */
  solana?: string
}

/**
 * Proves that this frame holds the keys of a new sealed wallet (src/sealed/sealedKeyProof.ts):
 * signs the proof message for this session's device key with the EVM key and, when the secret
 * holds one, the Solana seed, then wipes `secret` (also when it throws). Synchronous, from the
 * secret's own bytes, where the caller wiped it before.
 */
export function proveKeys(
  secret: Uint8Array,
  parameters: {
    purpose: SealedKeyPurpose
    thumbprint: string | undefined
    address: string
    solanaAddress?: string | undefined
  },
): KeyProof {
  try {
    const { thumbprint } = parameters
    if (!thumbprint) throw new FrameReplyError({ message: 'Sign in first.' })
    const text = sealedKeyProofMessage({ ...parameters, thumbprint })
    // EIP-191 as viem's signMessage makes it (RFC 6979, low s, v 27/28), from the key's bytes.
    const signature = secp256k1.sign(hexToBytes(hashMessage(text)), evmKeyOf(secret))
    const evm = `0x${signature.toCompactHex()}${signature.recovery ? '1c' : '1b'}` as const
    const seed = solanaSeedOf(secret)
    if (!seed || parameters.solanaAddress === undefined) return { evm }
    return { evm, solana: encodeBase64(signEd25519(seed, new TextEncoder().encode(text))) }
  } finally {
    secret.fill(0)
  }
}
