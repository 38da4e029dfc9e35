import { ed25519 } from '@noble/curves/ed25519'
import { secp256k1 } from '@noble/curves/secp256k1'
import { bytesToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { encodeBase58 } from '../../src/utils/encodeBase58'

// What a sealed wallet splits 2-of-3 (docs/security.md "Sealed wallets"): one secret holding every
// key of the wallet, so unlocking, a new device, a re-split, export and the upgrade stay one
// flow: the EVM key (32 bytes), then the Solana ed25519 seed (32 bytes). A wallet sealed before
// Solana keys were has the EVM key alone (32 bytes); its Solana key is the server's.

/** The Solana address (base58 public key) of an ed25519 seed. */
export function solanaAddressOf(seed: Uint8Array): string {
  return encodeBase58(ed25519.getPublicKey(seed))
}

/**
 * A wallet secret (EVM key and Solana seed) and its two addresses: a new key and a new seed where
 * none is given (an imported phrase gives both, a private key the EVM key alone).
 */
export function newWalletSecret(
  evmKey: Uint8Array = secp256k1.utils.randomPrivateKey(),
  solanaSeed?: Uint8Array,
): {
  secret: Uint8Array
  address: `0x${string}`
  solanaAddress: string
} {
  const seed = solanaSeed ?? ed25519.utils.randomPrivateKey()
  const secret = joinSecret(evmKey, seed)
  if (!solanaSeed) seed.fill(0)
  return {
    secret,
    address: privateKeyToAccount(bytesToHex(evmKey)).address,
    solanaAddress: solanaAddressOf(secret.subarray(32)),
  }
}

/** The EVM key and the Solana seed as one secret (64 bytes). */
export function joinSecret(evmKey: Uint8Array, solanaSeed: Uint8Array): Uint8Array {
  const secret = new Uint8Array(64)
  secret.set(evmKey, 0)
  secret.set(solanaSeed, 32)
  return secret
}

/** The EVM private key of a secret (a view: wiping the secret wipes it). */
export const evmKeyOf = (secret: Uint8Array): Uint8Array => secret.subarray(0, 32)

/** The Solana seed of a secret, when it holds one (a view). */
export const solanaSeedOf = (secret: Uint8Array): Uint8Array | undefined =>
  secret.length === 64 ? secret.subarray(32, 64) : undefined

/**
 * Whether a rebuilt secret is the wallet's: its EVM key is of `address`, and it holds the Solana
 * seed of `solanaAddress` exactly when the wallet's Solana account is sealed.
 */
export function isWalletSecret(
  secret: Uint8Array,
  address: string,
  solanaAddress: string | undefined,
): boolean {
  if (secret.length !== (solanaAddress === undefined ? 32 : 64)) return false
  const evmKey = evmKeyOf(secret)
  if (!secp256k1.utils.isValidPrivateKey(evmKey)) return false
  if (privateKeyToAccount(bytesToHex(evmKey)).address.toLowerCase() !== address.toLowerCase())
    return false
  const seed = solanaSeedOf(secret)
  return seed === undefined || solanaAddressOf(seed) === solanaAddress
}

/** A Solana secret key as wallets import it: base58 of seed ‖ public key (64 bytes). */
export function solanaSecretKeyOf(seed: Uint8Array): string {
  const full = new Uint8Array(64)
  full.set(seed, 0)
  full.set(ed25519.getPublicKey(seed), 32)
  const text = encodeBase58(full)
  full.fill(0)
  return text
}

/** The ed25519 signature (64 bytes) of `bytes` by `seed`. */
export const signEd25519 = (seed: Uint8Array, bytes: Uint8Array): Uint8Array =>
  ed25519.sign(bytes, seed)

/** A sealed Solana account's signer, for one request (frame/sealed/signSealedSolana.ts). */
export interface FrameSolanaSigner {
  address: string
  /** The ed25519 signature (64 bytes) of exactly `bytes`. */
  sign(bytes: Uint8Array): Uint8Array
}
