import { hkdfSync } from 'node:crypto'
import { OptionsValidationError } from '../../src/errors/OptionsValidationError'

/** The keys of one master key, one per use (HKDF-SHA-256). */
export interface KeySet {
  /** AES-256-GCM key of wallet private keys. */
  wallet: Buffer
  /** HMAC key of one-time codes. */
  otp: Buffer
  /** HMAC key of device-proof nonces (stateless, see auth/proofNonce.ts). */
  proofNonce: Buffer
}

/**
 * Keys derived from the master key, which makes every new secret, code and nonce; and those of
 * the extra master keys (`extraMasterKeys`), which still open what was made under them (a key
 * rotation, docs/production.md).
 */
export interface DerivedKeys extends KeySet {
  extra: readonly KeySet[]
}

/** Parses a 32-byte master key given as 64 hex characters (optional 0x) or base64/base64url. */
export function parseMasterKey(text: string): Buffer {
  const value = text.trim()
  const hex = value.replace(/^0x/, '')
  if (/^[0-9a-fA-F]{64}$/.test(hex)) return Buffer.from(hex, 'hex')
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const bytes = Buffer.from(
      value,
      value.includes('+') || value.includes('/') ? 'base64' : 'base64url',
    )
    if (bytes.length === 32) return bytes
  }
  throw new OptionsValidationError({
    option: 'masterKey',
    reason: 'Expected 32 bytes as 64 hex characters or base64.',
  })
}

function derive(master: Uint8Array, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `latchkey/${info}/v1`, 32))
}

function deriveSet(master: Uint8Array): KeySet {
  return {
    wallet: derive(master, 'wallet'),
    otp: derive(master, 'otp'),
    proofNonce: derive(master, 'proof-nonce'),
  }
}

/** Derives the per-use keys from the master key and from each extra (read-only) master key. */
export function deriveKeys(master: Uint8Array, extra: readonly Uint8Array[] = []): DerivedKeys {
  return { ...deriveSet(master), extra: extra.map(deriveSet) }
}

/** Every key of one use, the master key's first: what opens a secret, checks a code or a nonce. */
export function keysOf(keys: DerivedKeys, use: keyof KeySet): Buffer[] {
  return [keys[use], ...keys.extra.map((set) => set[use])]
}
