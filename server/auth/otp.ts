import { InvalidOtpError } from '../../src/errors/InvalidOtpError'
import { OtpAttemptsExceededError } from '../../src/errors/OtpAttemptsExceededError'
import { OtpExpiredError } from '../../src/errors/OtpExpiredError'
import type { ServerContext } from '../context'
import { hmacHex, safeEqualHex } from '../crypto/hash'
import { keysOf } from '../crypto/masterKey'
import { randomId, randomOtp } from '../crypto/random'
import { codeMail } from '../mail/codeMail'
import type { OtpPurpose, OtpRecord } from '../storage/types'
import { sendMail } from './sendMail'

type Context = Pick<ServerContext, 'storage' | 'mailer' | 'keys' | 'now' | 'options'>

/** Hash input binds the code to its purpose and subject: a code for one use fits no other. */
function hashCode(key: Uint8Array, purpose: OtpPurpose, subject: string, code: string): string {
  return hmacHex(key, `${purpose}\n${subject}\n${code}`)
}

/** Makes a fresh code (replacing earlier ones for the same purpose and subject) and mails it. */
export async function issueOtp(
  context: Context,
  params: {
    purpose: OtpPurpose
    subject: string
    to: string
    deviceId?: string | undefined
    data?: string | undefined
    link?: (code: string) => string
  },
): Promise<void> {
  const code = randomOtp()
  const now = context.now()
  await context.storage.otps.replace({
    id: randomId(),
    purpose: params.purpose,
    subject: params.subject,
    deviceId: params.deviceId ?? null,
    codeHash: hashCode(context.keys.otp, params.purpose, params.subject, code),
    data: params.data ?? null,
    attempts: 0,
    createdAt: now,
    expiresAt: now + context.options.otpTtlMs,
    consumedAt: null,
  })
  const mail = codeMail({
    to: params.to,
    purpose: params.purpose,
    code,
    ttlMinutes: Math.round(context.options.otpTtlMs / 60_000),
    link: params.link?.(code),
  })
  await sendMail(context, mail)
}

/**
 * Checks a code: it must exist, be unused, unexpired, for this device (when given), with
 * attempts left; the attempt is counted before comparing, in constant time. Consumes it.
 */
export async function verifyOtp(
  context: Context,
  params: { purpose: OtpPurpose; subject: string; code: string; deviceId?: string | undefined },
): Promise<OtpRecord> {
  const otp = await context.storage.otps.findLatest(params.purpose, params.subject)
  if (!otp || otp.consumedAt !== null) throw new InvalidOtpError()
  if (params.deviceId !== undefined && otp.deviceId !== params.deviceId) throw new InvalidOtpError()
  if (otp.expiresAt <= context.now()) throw new OtpExpiredError()
  const max = context.options.otpMaxAttempts
  if (!(await context.storage.otps.takeAttempt(otp.id, max))) throw new OtpAttemptsExceededError()
  // A code mailed under an extra master key (a rotation in progress) still checks.
  const matches = keysOf(context.keys, 'otp').some((key) =>
    safeEqualHex(hashCode(key, params.purpose, params.subject, params.code), otp.codeHash),
  )
  if (!matches) {
    const attemptsLeft = Math.max(0, max - otp.attempts - 1)
    if (attemptsLeft === 0) throw new OtpAttemptsExceededError()
    throw new InvalidOtpError({ attemptsLeft })
  }
  if (!(await context.storage.otps.consume(otp.id, context.now()))) throw new InvalidOtpError()
  return otp
}
