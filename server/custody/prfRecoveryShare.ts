import { z } from 'zod'

/**
 * The recovery share as the frame sealed it under a passkey's PRF output
 * (frame/passkey/prfRecoveryCipher.ts): AES-256-GCM under an HKDF-SHA-256 key of the PRF output.
 * The server keeps it as it came; the PRF output never reaches it, so it cannot open it.
 */
export const prfRecoveryShareSchema = z
  .object({
    v: z.literal(1),
    kdf: z.literal('prf'),
    /** The passkey whose PRF output opens it (base64url). */
    credentialId: z
      .string()
      .max(1366)
      .regex(/^[A-Za-z0-9_-]+$/),
    salt: z.string().regex(/^[A-Za-z0-9+/]{43}=$/),
    iv: z.string().regex(/^[A-Za-z0-9+/]{16}$/),
    ciphertext: z.string().regex(/^[A-Za-z0-9+/]{40,200}={0,2}$/),
  })
  .strict()
