import { createPrivateKey, createPublicKey, type KeyObject, randomBytes, sign } from 'node:crypto'
import { InvalidRequestError } from '../../src/errors/InvalidRequestError'
import { NoAccountsFoundError } from '../../src/errors/NoAccountsFoundError'
import { encodeBase58 } from '../../src/utils/encodeBase58'
import type { ServerContext } from '../context'
import { decrypt, encrypt } from '../crypto/encryption'
import { keysOf } from '../crypto/masterKey'
import type { SolanaWalletRecord } from '../storage/types'

// Ed25519 by Node's own crypto (OpenSSL), as the rest of the server's crypto: no new dependency.
// A key is its 32-byte seed; Node takes it wrapped in PKCS #8 (RFC 8410), this fixed prefix.
const pkcs8Prefix = Buffer.from('302e020100300506032b657004220420', 'hex')

/** What a Solana key's GCM tag binds it to: its user and address. */
export function solanaWalletAad(userId: string, address: string): string {
  return `latchkey-solana-wallet\n${userId}\n${address}`
}

function privateKeyOf(seed: Uint8Array): KeyObject {
  return createPrivateKey({
    key: Buffer.concat([pkcs8Prefix, seed]),
    format: 'der',
    type: 'pkcs8',
  })
}

/** The base58 address (raw 32-byte public key) of a private key. */
function addressOf(privateKey: KeyObject): string {
  const { x } = createPublicKey(privateKey).export({ format: 'jwk' })
  return encodeBase58(Buffer.from(x ?? '', 'base64url'))
}

/** A user's Solana signer for one request; the seed never leaves the server. */
export interface SolanaSigner {
  /** The base58 public key. */
  address: string
  /** An ed25519 signature (64 bytes) of exactly `bytes`. */
  sign(bytes: Uint8Array): Uint8Array
}

/** Makes an ed25519 key for a user, encrypted under the wallet key; the key is not returned. */
export function createSolanaWalletRecord(
  context: Pick<ServerContext, 'keys' | 'now'>,
  userId: string,
): SolanaWalletRecord {
  const seed = randomBytes(32)
  const address = addressOf(privateKeyOf(seed))
  const encryptedKey = encrypt(
    context.keys.wallet,
    seed.toString('hex'),
    solanaWalletAad(userId, address),
  )
  seed.fill(0)
  return { userId, address, encryptedKey, createdAt: context.now() }
}

/**
 * The seed (hex) of a Solana key the server keeps: for signing here, and once for the frame that
 * seals it with the EVM key (server/custody/upgradeWallet.ts). A sealed one has none: refused.
 */
export function solanaSeed(
  context: Pick<ServerContext, 'keys'>,
  wallet: SolanaWalletRecord,
): string {
  if (wallet.encryptedKey === '')
    throw new InvalidRequestError({
      reason:
        'This Solana account is sealed: the server cannot sign for it, the wallet frame signs.',
    })
  return decrypt(
    keysOf(context.keys, 'wallet'),
    wallet.encryptedKey,
    solanaWalletAad(wallet.userId, wallet.address),
  )
}

/** The user's Solana signer, decrypted for one request (the AAD binds it to user and address). */
export function solanaSigner(
  context: Pick<ServerContext, 'keys'>,
  wallet: SolanaWalletRecord,
): SolanaSigner {
  const privateKey = privateKeyOf(Buffer.from(solanaSeed(context, wallet), 'hex'))
  return {
    address: wallet.address,
    sign: (bytes) => new Uint8Array(sign(null, bytes, privateKey)),
  }
}

/**
 * The user's Solana key record, made and stored the first time it is asked for (a wallet sealed
 * before Solana keys were sealed gets one the server keeps, as before).
 */
export async function ensureSolanaWallet(
  context: Pick<ServerContext, 'keys' | 'now' | 'storage'>,
  userId: string,
): Promise<SolanaWalletRecord> {
  const stored = await context.storage.solanaWallets.findByUserId(userId)
  if (stored) return stored
  // A sealed project's user before the frame made the wallet: its Solana key comes with it
  // (sealed), never made here meanwhile.
  if (!(await context.storage.wallets.findByUserId(userId))) throw new NoAccountsFoundError()
  return context.storage.solanaWallets.insertOnce(createSolanaWalletRecord(context, userId))
}

/**
 * The user's Solana secret key as wallets import it (base58 of the 64 bytes seed ‖ public key),
 * for an export the visitor confirmed with a second factor (server/factors/exportWallet.ts).
 */
export function solanaSecretKey(
  context: Pick<ServerContext, 'keys'>,
  wallet: SolanaWalletRecord,
): string {
  const seed = Buffer.from(solanaSeed(context, wallet), 'hex')
  const { x } = createPublicKey(privateKeyOf(seed)).export({ format: 'jwk' })
  const secret = Buffer.concat([seed, Buffer.from(x ?? '', 'base64url')])
  seed.fill(0)
  const text = encodeBase58(secret)
  secret.fill(0)
  return text
}
