import { decodeBase64, encodeBase64 } from '../../src/utils/base64'

/** A recovery share sealed under a passkey's PRF output; what the server stores. */
export type PrfSealedShare = {
  v: 1
  kdf: 'prf'
  /** The passkey whose PRF output opens it (base64url). */
  credentialId: string
  salt: string
  iv: string
  ciphertext: string
}

/** A passkey's PRF output for the recovery share's input, and the passkey it came from. */
export type PrfSecret = { credentialId: string; output: Uint8Array }

const aad = (address: string) =>
  new TextEncoder().encode(`latchkey-recovery\n${address.toLowerCase()}`)

/** A non-extractable AES-256-GCM key: HKDF-SHA-256 of the PRF output, salted, bound to the address. */
async function prfKey(output: Uint8Array, salt: Uint8Array, address: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', new Uint8Array(output), 'HKDF', false, [
    'deriveKey',
  ])
  return crypto.subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: new Uint8Array(salt),
      info: new TextEncoder().encode(`latchkey-recovery-prf\n${address.toLowerCase()}`),
    },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  )
}

/** Seals a share under the passkey's PRF output (the password is not needed). */
export async function sealWithPrf(
  share: Uint8Array,
  secret: PrfSecret,
  address: string,
): Promise<PrfSealedShare> {
  const salt = crypto.getRandomValues(new Uint8Array(32))
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const key = await prfKey(secret.output, salt, address)
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: aad(address) },
    key,
    new Uint8Array(share),
  )
  return {
    v: 1,
    kdf: 'prf',
    credentialId: secret.credentialId,
    salt: encodeBase64(salt),
    iv: encodeBase64(iv),
    ciphertext: encodeBase64(new Uint8Array(ciphertext)),
  }
}

/** Opens a PRF-sealed share; undefined for another passkey's output or altered bytes. */
export async function openWithPrf(
  sealed: PrfSealedShare,
  secret: PrfSecret,
  address: string,
): Promise<Uint8Array | undefined> {
  const salt = decodeBase64(sealed.salt)
  const iv = decodeBase64(sealed.iv)
  const ciphertext = decodeBase64(sealed.ciphertext)
  if (!salt || !iv || !ciphertext || secret.credentialId !== sealed.credentialId) return undefined
  try {
    const key = await prfKey(secret.output, salt, address)
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
