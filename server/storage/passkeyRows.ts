import { z } from 'zod'
import { int } from './rows'
import type { PasskeyRecord, WebauthnChallengeRecord } from './types'

/** A `passkeys` row (migration 11), on either database. */
export const passkeyRow = z
  .object({
    credential_id: z.string(),
    user_id: z.string(),
    public_key: z.string(),
    counter: int,
    transports: z.string(),
    prf: int,
    backed_up: int,
    created_at: int,
    used_at: int.nullable(),
  })
  .transform(
    (row): PasskeyRecord => ({
      credentialId: row.credential_id,
      userId: row.user_id,
      publicKey: row.public_key,
      counter: row.counter,
      transports: z.array(z.string()).catch([]).parse(JSON.parse(row.transports)),
      prf: row.prf === 1,
      backedUp: row.backed_up === 1,
      createdAt: row.created_at,
      usedAt: row.used_at,
    }),
  )

/** A `webauthn_challenges` row (migration 11), on either database. */
export const challengeRow = z
  .object({
    challenge_hash: z.string(),
    purpose: z.union([z.enum(['register', 'login']), z.templateLiteral(['factor:', z.string()])]),
    user_id: z.string().nullable(),
    thumbprint: z.string(),
    created_at: int,
    expires_at: int,
  })
  .transform(
    (row): WebauthnChallengeRecord => ({
      challengeHash: row.challenge_hash,
      purpose: row.purpose,
      userId: row.user_id,
      thumbprint: row.thumbprint,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
    }),
  )
