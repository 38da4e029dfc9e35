import { z } from 'zod'
import { emailSchema as sharedEmailSchema } from '../../src/schemas/email'

// Request and response bodies of the /v1 API that the frame page calls. They could move to
// src/schemas/ once the frame page and the host share them.

/** An email (the shared schema of `src/schemas/email`), trimmed first and lower-cased after. */
export const emailSchema = z
  .string()
  .trim()
  .pipe(sharedEmailSchema)
  .transform((email) => email.toLowerCase())

/** The frame's device id: a random id it keeps in its own storage. */
export const deviceIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,128}$/, 'deviceId must be 16 to 128 characters of [A-Za-z0-9_-].')

/** A one-time code: a string of 6 digits. */
export const otpSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'The code is 6 digits.')

/** POST /v1/connect-email */
export const connectEmailBody = z.object({ email: emailSchema, deviceId: deviceIdSchema })
/** POST /v1/connect-device (without a code: the device was verified by the emailed link) */
export const connectDeviceBody = z.object({
  email: emailSchema,
  deviceId: deviceIdSchema,
  code: otpSchema.optional(),
})
/** POST /v1/connect-otp */
export const connectOtpBody = z.object({
  email: emailSchema,
  deviceId: deviceIdSchema,
  otp: otpSchema,
  /** The frame's project (its custody mode); none: the `'*'` mode. */
  projectId: z.string().min(1).max(200).optional(),
})
/** A proof of a second factor (POST /v1/factors/verify's `factorProof`). */
export const factorProofSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Expected a factor proof.')
/** POST /v1/update-email */
export const updateEmailBody = z.object({
  email: emailSchema,
  factorProof: factorProofSchema.optional(),
})
/** POST /v1/update-email/primary-otp and /secondary-otp */
export const otpBody = z.object({ otp: otpSchema })
/** POST /v1/preferred-account */
export const preferredAccountBody = z.object({ type: z.enum(['eoa', 'smartAccount']) })

/** A chain id as a number, decimal string, hex string or CAIP-2 `eip155:<id>`. */
export const chainIdSchema = z
  .union([
    z.number().int().positive(),
    z
      .string()
      .regex(/^(eip155:)?\d+$/)
      .transform((id) => Number(id.replace('eip155:', ''))),
    z
      .string()
      .regex(/^0x[0-9a-fA-F]+$/)
      .transform((id) => Number.parseInt(id, 16)),
  ])
  .pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))

/** POST /v1/rpc: `params` for reads; `request` and `hash` (src/approval) for approved requests. */
export const rpcBody = z.object({
  chainId: chainIdSchema,
  method: z.string().min(1).max(100),
  params: z.unknown().optional(),
  request: z.unknown().optional(),
  hash: z.string().max(66).optional(),
  /** A fresh second-factor proof, for a transaction above the project's threshold. */
  factorProof: factorProofSchema.optional(),
})

/** POST /v1/solana/rpc: an approved Solana request (src/approval/solanaTypes.ts) and its hash. */
export const solanaRpcBody = z.object({
  method: z.string().min(1).max(100),
  request: z.unknown(),
  hash: z.string().max(66),
})

/** POST /v1/rpc/prepare: a canonical transaction or batch whose gas and fees the server fills. */
export const prepareBody = z.object({ chainId: chainIdSchema, request: z.unknown() })

/** The body of every error answer: a serialised error with its details beside name and message. */
export interface ErrorBody {
  error: {
    [detail: string]: string | number | boolean | undefined
    name: string
    message: string
    code?: number | string
    retryAfter?: number
    attemptsLeft?: number
    /** `RateLimitedError`: the exact wait in ms. */
    retryAfterMs?: number
    /**
     * `BroadcastUncertainError`: it may have been sent. EVM: the transaction's hash and nonce;
     * Solana: its signature.
     */
    hash?: string
    nonce?: number
    signature?: string
    mayHaveBeenSent?: boolean
  }
}
