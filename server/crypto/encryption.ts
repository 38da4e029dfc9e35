import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { DecryptionFailedError } from '../../src/errors/DecryptionFailedError'

const prefix = 'v1'
const ivLength = 12
const tagLength = 16

/**
 * Encrypts with AES-256-GCM: a random 12-byte IV, the 16-byte tag, then the ciphertext, as
 * `v1.<base64url>`. `aad` binds the ciphertext to its row (user id and address).
 */
export function encrypt(key: Uint8Array, plaintext: string, aad: string): string {
  const iv = randomBytes(ivLength)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(aad))
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  const payload = Buffer.concat([iv, cipher.getAuthTag(), ciphertext])
  return `${prefix}.${payload.toString('base64url')}`
}

/**
 * Decrypts a value made by {@link encrypt} with the first of `keys` that opens it (the master
 * key's, then those of extra master keys during a rotation); a wrong key, AAD or altered bytes
 * throw.
 */
export function decrypt(
  keys: Uint8Array | readonly Uint8Array[],
  encrypted: string,
  aad: string,
): string {
  const [version, body = ''] = encrypted.split('.')
  const payload = Buffer.from(body, 'base64url')
  if (version !== prefix || payload.length < ivLength + tagLength) throw new DecryptionFailedError()
  let cause: unknown
  for (const key of keys instanceof Uint8Array ? [keys] : keys)
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, payload.subarray(0, ivLength))
      decipher.setAAD(Buffer.from(aad))
      decipher.setAuthTag(payload.subarray(ivLength, ivLength + tagLength))
      const plaintext = decipher.update(payload.subarray(ivLength + tagLength))
      return Buffer.concat([plaintext, decipher.final()]).toString('utf8')
    } catch (error) {
      cause = error
    }
  throw new DecryptionFailedError({ cause })
}
