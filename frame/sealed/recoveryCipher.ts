import { argon2idAsync } from '@noble/hashes/argon2'
import { decodeBase64, encodeBase64 } from '../../src/utils/base64'
import {
  openWithPrf,
  type PrfSealedShare,
  type PrfSecret,
  sealWithPrf,
} from '../passkey/prfRecoveryCipher'

/** The recovery share sealed with a password or a passkey's PRF output; what the server stores. */
export type SealedRecoveryShare = PasswordSealedShare | PrfSealedShare

/** What seals the recovery share: the visitor's password, or a passkey's PRF output. */
export type RecoverySecret = string | PrfSecret

/** The recovery share sealed with a password (server/custody/sealedWallets.ts). */
type PasswordSealedShare = {
  v: 1
  kdf: 'argon2id'
  /** Argon2id passes, memory in KiB, lanes (RFC 9106). */
  t: number
  m: number
  p: number
  salt: string
  iv: string
  ciphertext: string
}

/** OWASP's Argon2id floor (19 MiB, 2 passes, 1 lane): about 0.7 s in Node on this machine. */
const defaults = { t: 2, m: 19_456, p: 1 } as const

/** A non-extractable AES-256-GCM key from the password (Argon2id, `@noble/hashes`). */
async function passwordKey(
  password: string,
  salt: Uint8Array,
  cost: { t: number; m: number; p: number },
): Promise<CryptoKey> {
  const raw = new Uint8Array(
    await argon2idAsync(password.normalize('NFKC'), salt, { ...cost, dkLen: 32 }),
  )
  try {
    return await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt'])
  } finally {
    raw.fill(0)
  }
}

const aad = (address: string) =>
  new TextEncoder().encode(`latchkey-recovery\n${address.toLowerCase()}`)

/** Seals a share under the password (or the passkey's PRF output), bound to the wallet's address. */
export async function sealRecoveryShare(
  share: Uint8Array,
  password: RecoverySecret,
  address: string,
): Promise<SealedRecoveryShare> {
  if (typeof password !== 'string') return sealWithPrf(share, password, address)
  const salt = crypto.getRandomValues(new Uint8Array(16))
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const key = await passwordKey(password, salt, defaults)
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: aad(address) },
    key,
    new Uint8Array(share),
  )
  return {
    v: 1,
    kdf: 'argon2id',
    ...defaults,
    salt: encodeBase64(salt),
    iv: encodeBase64(iv),
    ciphertext: encodeBase64(new Uint8Array(ciphertext)),
  }
}

/** Opens a sealed share; undefined for a wrong password or passkey, or altered bytes (GCM's tag). */
export async function openRecoveryShare(
  sealed: SealedRecoveryShare,
  password: RecoverySecret,
  address: string,
): Promise<Uint8Array | undefined> {
  if (sealed.kdf === 'prf')
    return typeof password === 'string' ? undefined : openWithPrf(sealed, password, address)
  if (typeof password !== 'string') return undefined
  const salt = decodeBase64(sealed.salt)
  const iv = decodeBase64(sealed.iv)
  const ciphertext = decodeBase64(sealed.ciphertext)
  if (!salt || !iv || !ciphertext) return undefined
  const key = await passwordKey(password, salt, sealed)
  try {
    return new Uint8Array(
      await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: new Uint8Array(iv), additionalData: aad(address) },
        key,
        new Uint8Array(ciphertext),
      ),
    )
  } catch {
    return undefined
  }
}
