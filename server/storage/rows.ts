import { z } from 'zod'
import type {
  AnalyticsEventRecord,
  CallsRecord,
  DeviceRecord,
  OtpRecord,
  SealedSharesRecord,
  SendRecord,
  SessionKeyRecord,
  SessionRecord,
  SiwxSessionRecord,
  SolanaWalletRecord,
  UserRecord,
  WalletRecord,
} from './types'

// Rows read back from the database are a trust boundary too (STYLE.md §8): parse, don't cast.
/** An INTEGER column as libsql gives it back (a number, or a bigint), as a number. */
export const int = z.union([z.number(), z.bigint()]).transform(Number)
const hex = z.string().regex(/^0x[0-9a-fA-F]*$/) as unknown as z.ZodType<`0x${string}`>

/** A `users` row; a social user's placeholder (`social:<id>`, no @) reads as a null email. */
export const userRow = z.object({ id: z.string(), email: z.string(), created_at: int }).transform(
  (row): UserRecord => ({
    id: row.id,
    email: row.email.includes('@') ? row.email : null,
    createdAt: row.created_at,
  }),
)

/** A `wallets` row. */
export const walletRow = z
  .object({
    user_id: z.string(),
    address: hex,
    encrypted_key: z.string(),
    created_at: int,
    custody: z.enum(['server', 'sealed']).optional(),
  })
  .transform(
    (row): WalletRecord => ({
      userId: row.user_id,
      address: row.address,
      encryptedKey: row.encrypted_key,
      createdAt: row.created_at,
      ...(row.custody === 'sealed' ? { custody: 'sealed' as const } : {}),
    }),
  )

/** A `wallet_shares` row. */
export const sealedSharesRow = z
  .object({
    user_id: z.string(),
    server_share: z.string(),
    recovery_share: z.string().nullable(),
    version: int,
    updated_at: int,
    device_id: z.string().nullable(),
  })
  .transform(
    (row): SealedSharesRecord => ({
      userId: row.user_id,
      serverShare: row.server_share,
      recoveryShare: row.recovery_share,
      version: row.version,
      updatedAt: row.updated_at,
      // Absent when unknown (made before migration 18), as a record written without one.
      ...(row.device_id === null ? {} : { deviceId: row.device_id }),
    }),
  )

/** A `solana_wallets` row. */
export const solanaWalletRow = z
  .object({
    user_id: z.string(),
    address: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/),
    encrypted_key: z.string(),
    created_at: int,
  })
  .transform(
    (row): SolanaWalletRecord => ({
      userId: row.user_id,
      address: row.address,
      encryptedKey: row.encrypted_key,
      createdAt: row.created_at,
    }),
  )

/** A `devices` row. */
export const deviceRow = z
  .object({ user_id: z.string(), device_id: z.string(), verified_at: int })
  .transform(
    (row): DeviceRecord => ({
      userId: row.user_id,
      deviceId: row.device_id,
      verifiedAt: row.verified_at,
    }),
  )

/** A `sessions` row. */
export const sessionRow = z
  .object({
    id: z.string(),
    user_id: z.string(),
    device_id: z.string(),
    token_hash: z.string(),
    created_at: int,
    expires_at: int,
  })
  .transform(
    (row): SessionRecord => ({
      id: row.id,
      userId: row.user_id,
      deviceId: row.device_id,
      tokenHash: row.token_hash,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
    }),
  )

/** An `otps` row. */
export const otpRow = z
  .object({
    id: z.string(),
    purpose: z.enum(['login', 'device', 'email-primary', 'email-secondary']),
    subject: z.string(),
    device_id: z.string().nullable(),
    code_hash: z.string(),
    data: z.string().nullable(),
    attempts: int,
    created_at: int,
    expires_at: int,
    consumed_at: int.nullable(),
  })
  .transform(
    (row): OtpRecord => ({
      id: row.id,
      purpose: row.purpose,
      subject: row.subject,
      deviceId: row.device_id,
      codeHash: row.code_hash,
      data: row.data,
      attempts: row.attempts,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      consumedAt: row.consumed_at,
    }),
  )

/** A `calls` row (hashes as a JSON array). */
export const callsRow = z
  .object({
    id: z.string(),
    user_id: z.string(),
    chain_id: int,
    hashes: z.string().transform((text) => z.array(hex).parse(JSON.parse(text))),
    failed: int,
    created_at: int,
  })
  .transform(
    (row): CallsRecord => ({
      id: row.id,
      userId: row.user_id,
      chainId: row.chain_id,
      hashes: row.hashes,
      failed: row.failed !== 0,
      createdAt: row.created_at,
    }),
  )

/** A `chain_sends` row. */
export const sendRow = z
  .object({
    hash: hex,
    user_id: z.string(),
    chain_id: int,
    address: hex,
    nonce: int,
    status: z.enum(['sending', 'sent', 'failed', 'uncertain']),
    created_at: int,
    updated_at: int,
  })
  .transform(
    (row): SendRecord => ({
      hash: row.hash,
      userId: row.user_id,
      chainId: row.chain_id,
      address: row.address,
      nonce: row.nonce,
      status: row.status,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }),
  )

/** A `siwx_sessions` row. */
export const siwxSessionRow = z
  .object({
    token_hash: z.string(),
    project_id: z.string(),
    chain_id: z.string(),
    address: z.string(),
    message: z.string(),
    signature: z.string(),
    created_at: int,
    expires_at: int,
  })
  .transform(
    (row): SiwxSessionRecord => ({
      tokenHash: row.token_hash,
      projectId: row.project_id,
      chainId: row.chain_id,
      address: row.address,
      message: row.message,
      signature: row.signature,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
    }),
  )

/** A `session_keys` row. */
export const sessionKeyRow = z
  .object({ session_id: z.string(), thumbprint: z.string(), jwk: z.string(), created_at: int })
  .transform(
    (row): SessionKeyRecord => ({
      sessionId: row.session_id,
      thumbprint: row.thumbprint,
      jwk: row.jwk,
      createdAt: row.created_at,
    }),
  )

/** An `analytics_events` row. */
export const analyticsEventRow = z
  .object({
    project_id: z.string(),
    event_id: z.string(),
    url: z.string(),
    domain: z.string(),
    origin: z.string().nullable(),
    timestamp: int,
    props: z.string(),
    sdk_type: z.string().nullable(),
    sdk_version: z.string().nullable(),
    received_at: int,
  })
  .transform(
    (row): AnalyticsEventRecord => ({
      projectId: row.project_id,
      eventId: row.event_id,
      url: row.url,
      domain: row.domain,
      origin: row.origin,
      timestamp: row.timestamp,
      props: row.props,
      sdkType: row.sdk_type,
      sdkVersion: row.sdk_version,
      receivedAt: row.received_at,
    }),
  )
