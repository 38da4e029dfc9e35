import { z } from 'zod'
import { int } from './rows'
import type { SocialFlowRecord, SocialIdentityRecord } from './types'

const text = z.string()
const nullableText = z.string().nullable()
const nullableInt = int.nullable()

/** A `social_flows` row. */
export const socialFlowRow = z
  .object({
    id: text,
    state_hash: text,
    provider: text,
    device_id: text,
    thumbprint: text,
    code_verifier: text,
    nonce: text,
    mode: z.enum(['popup', 'redirect']),
    origin: text,
    return_url: nullableText,
    secret_hash: nullableText,
    // migration 14: a row written before it has none
    link_user_id: nullableText.optional(),
    result_hash: nullableText,
    code: nullableText,
    error: nullableText,
    created_at: int,
    expires_at: int,
    returned_at: nullableInt,
    consumed_at: nullableInt,
  })
  .transform(
    (row): SocialFlowRecord => ({
      id: row.id,
      stateHash: row.state_hash,
      provider: row.provider,
      deviceId: row.device_id,
      thumbprint: row.thumbprint,
      codeVerifier: row.code_verifier,
      nonce: row.nonce,
      mode: row.mode,
      origin: row.origin,
      returnUrl: row.return_url,
      secretHash: row.secret_hash,
      linkUserId: row.link_user_id ?? null,
      resultHash: row.result_hash,
      code: row.code,
      error: row.error,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      returnedAt: row.returned_at,
      consumedAt: row.consumed_at,
    }),
  )

/** A `social_identities` row. */
export const socialIdentityRow = z
  .object({
    provider: text,
    subject: text,
    user_id: text,
    email: nullableText,
    email_verified: int,
    username: nullableText,
    created_at: int,
    updated_at: int,
  })
  .transform(
    (row): SocialIdentityRecord => ({
      provider: row.provider,
      subject: row.subject,
      userId: row.user_id,
      email: row.email,
      emailVerified: row.email_verified === 1,
      username: row.username,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }),
  )
