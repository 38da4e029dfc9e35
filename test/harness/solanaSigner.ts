import { ed25519 } from '@noble/curves/ed25519'
import { encodeBase58 } from '../../src/utils/encodeBase58'

// Test harness: a Solana account as a Wallet Standard wallet signs with it (`solana:signMessage`:
// Ed25519 over the message's UTF-8 bytes, a raw 64-byte signature), encoded base58.

/** A Solana key pair that signs sign-in messages. */
export interface SolanaSigner {
  /** The base58 public key. */
  address: string
  publicKey: Uint8Array
  secretKey: Uint8Array
  /** The raw 64-byte Ed25519 signature of the message's UTF-8 bytes. */
  signBytes(message: string): Uint8Array
  /** The raw 64-byte Ed25519 signature of `bytes`. */
  signRaw(bytes: Uint8Array): Uint8Array
  /** The signature in base58, as a session carries it. */
  signMessage(parameters: { message: string }): Promise<string>
}

/** A deterministic Ed25519 key from a one-byte seed (the secret key is `seed` × 32). */
export function createSolanaSigner(seed: number): SolanaSigner {
  const secretKey = new Uint8Array(32).fill(seed)
  const publicKey = ed25519.getPublicKey(secretKey)
  const signBytes = (message: string) => ed25519.sign(new TextEncoder().encode(message), secretKey)
  return {
    address: encodeBase58(publicKey),
    publicKey,
    secretKey,
    signBytes,
    signRaw: (bytes) => ed25519.sign(bytes, secretKey),
    signMessage: async ({ message }) => encodeBase58(signBytes(message)),
  }
}
