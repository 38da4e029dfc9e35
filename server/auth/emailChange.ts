import { EmailInUseError } from '../../src/errors/EmailInUseError'
import { InvalidOtpError } from '../../src/errors/InvalidOtpError'
import { InvalidRequestError } from '../../src/errors/InvalidRequestError'
import type { UpdateEmailResponse } from '../../src/schemas/embeddedWalletTypes'
import type { ServerContext } from '../context'
import { failureBudgetKey, withFailureBudget } from './failureBudget'
import { type Caller, limitChecks, limitCodes } from './limits'
import { issueOtp, verifyOtp } from './otp'
import { requireSecondFactor } from './secondFactorHooks'
import type { Auth } from './sessions'

/**
 * Step 1: a new email; a code goes to the current address (VERIFY_PRIMARY_OTP). The answer is
 * the same whether the new email is registered or not: that is told only after both codes.
 */
export async function updateEmail(
  context: ServerContext,
  { session, user }: Auth,
  { email, factorProof }: { email: string; factorProof?: string | undefined },
  caller: Caller,
): Promise<UpdateEmailResponse> {
  // The email is a way to sign in: the policy may want a second factor before any code goes out.
  await requireSecondFactor(context, { session, user }, 'email-change', factorProof)
  // A user made by a social login has no email yet: adding one is proving the new address only
  // (the session proves the account), so the one code goes there (VERIFY_SECONDARY_OTP).
  if (user.email === null) {
    await limitCodes(context, { email, deviceId: session.deviceId, deviceVerified: false }, caller)
    await issueOtp(context, {
      purpose: 'email-secondary',
      subject: user.id,
      to: email,
      data: email,
    })
    return { action: 'VERIFY_SECONDARY_OTP' }
  }
  if (email === user.email)
    throw new InvalidRequestError({ reason: 'The new email is the current one.' })
  const target = { email: user.email, deviceId: session.deviceId, deviceVerified: true }
  await limitCodes(context, target, caller)
  await issueOtp(context, {
    purpose: 'email-primary',
    subject: user.id,
    to: user.email,
    data: email,
  })
  return { action: 'VERIFY_PRIMARY_OTP' }
}

/** Step 2: the code from the current address; a code goes to the new one (VERIFY_SECONDARY_OTP). */
export async function updateEmailPrimaryOtp(
  context: ServerContext,
  { session, user }: Auth,
  { otp }: { otp: string },
  caller: Caller,
): Promise<UpdateEmailResponse> {
  await limitChecks(context, caller)
  const record = await withFailureBudget(context, failureBudgetKey({ userId: user.id }), () =>
    verifyOtp(context, { purpose: 'email-primary', subject: user.id, code: otp }),
  )
  const newEmail = record.data
  if (!newEmail) throw new InvalidOtpError()
  const target = { email: newEmail, deviceId: session.deviceId, deviceVerified: false }
  await limitCodes(context, target, caller)
  await issueOtp(context, {
    purpose: 'email-secondary',
    subject: user.id,
    to: newEmail,
    data: newEmail,
  })
  return { action: 'VERIFY_SECONDARY_OTP' }
}

/**
 * Step 3: the code from the new address; the email changes, every other session of the user is
 * revoked (the one making the change stays), and `newEmail` is answered. Only now, with both
 * addresses proven, is a registered new email refused (409).
 */
export async function updateEmailSecondaryOtp(
  context: ServerContext,
  { session, user }: Auth,
  { otp }: { otp: string },
  caller: Caller,
): Promise<{ newEmail: string }> {
  await limitChecks(context, caller)
  const record = await withFailureBudget(context, failureBudgetKey({ userId: user.id }), () =>
    verifyOtp(context, { purpose: 'email-secondary', subject: user.id, code: otp }),
  )
  const newEmail = record.data
  if (!newEmail) throw new InvalidOtpError()
  if (!(await context.storage.users.updateEmail(user.id, newEmail))) throw new EmailInUseError()
  await context.storage.sessions.deleteByUser(user.id, session.id)
  return { newEmail }
}
