import {
  Aes256Gcm,
  CipherSuite,
  DhkemP256HkdfSha256,
  DhkemX25519HkdfSha256,
  HkdfSha256,
} from '@hpke/core'
import { decodeBase64, encodeBase64 } from '../../src/utils/base64'
import { FrameReplyError } from '../FrameReplyError'

/** The `info` every export is sealed with (RFC 9180 §5.1): a recipient opens it with the same. */
export const exportInfo = 'latchkey/export/v1'

/** An export sealed to the visitor's public key (RFC 9180 base mode), as the frame shows it. */
export type SealedExport = {
  kem: 'DHKEM(X25519, HKDF-SHA256)' | 'DHKEM(P-256, HKDF-SHA256)'
  kdf: 'HKDF-SHA256'
  aead: 'AES-256-GCM'
  info: string
  /** The encapsulated key, base64. */
  enc: string
  /** The sealed JSON `{ address, privateKey, solana? }`, base64. */
  ciphertext: string
}

const badKey = () =>
  new FrameReplyError({
    message:
      'Paste an X25519 public key (32 bytes) or a P-256 one (65 bytes, uncompressed), as hex or base64.',
  })

/** A pasted public key: hex (0x optional) or base64 / base64url. */
function readPublicKey(text: string): Uint8Array {
  const value = text.trim()
  const hex = value.replace(/^0x/, '')
  if (/^([0-9a-fA-F]{2}){32,65}$/.test(hex))
    return Uint8Array.from(hex.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16))
  const bytes = decodeBase64(value.replace(/-/g, '+').replace(/_/g, '/'))
  if (!bytes) throw badKey()
  return bytes
}

/**
 * Seals `plaintext` to the visitor's public key with HPKE (`@hpke/core`): X25519 for 32-byte
 * keys, P-256 for 65-byte ones; HKDF-SHA256 and AES-256-GCM. Only the key's holder opens it.
 */
export async function sealExport(publicKey: string, plaintext: Uint8Array): Promise<SealedExport> {
  const bytes = readPublicKey(publicKey)
  const x25519 = bytes.length === 32
  if (!x25519 && !(bytes.length === 65 && bytes[0] === 4)) throw badKey()
  const suite = new CipherSuite({
    kem: x25519 ? new DhkemX25519HkdfSha256() : new DhkemP256HkdfSha256(),
    kdf: new HkdfSha256(),
    aead: new Aes256Gcm(),
  })
  let recipientPublicKey: CryptoKey
  try {
    recipientPublicKey = await suite.kem.deserializePublicKey(bytes.buffer as ArrayBuffer)
  } catch {
    throw badKey()
  }
  const sealed = await suite.seal(
    { recipientPublicKey, info: new TextEncoder().encode(exportInfo).buffer as ArrayBuffer },
    plaintext.buffer.slice(
      plaintext.byteOffset,
      plaintext.byteOffset + plaintext.byteLength,
    ) as ArrayBuffer,
  )
  return {
    kem: x25519 ? 'DHKEM(X25519, HKDF-SHA256)' : 'DHKEM(P-256, HKDF-SHA256)',
    kdf: 'HKDF-SHA256',
    aead: 'AES-256-GCM',
    info: exportInfo,
    enc: encodeBase64(new Uint8Array(sealed.enc)),
    ciphertext: encodeBase64(new Uint8Array(sealed.ct)),
  }
}
