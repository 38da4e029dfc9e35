import { EmailInUseError } from '../../src/errors/EmailInUseError'
import { InvalidOtpError } from '../../src/errors/InvalidOtpError'
import { InvalidRequestError } from '../../src/errors/InvalidRequestError'
import type { ServerContext } from '../context'
import type { UpdateEmailResponse } from '../schemas/api'
import { type Caller, limitChecks, limitCodes } from './limits'
import { issueOtp, verifyOtp } from './otp'
import type { Auth } from './sessions'

/** Step 1: a new email; a code goes to the current address (VERIFY_PRIMARY_OTP). */
export async function updateEmail(
  context: ServerContext,
  { user }: Auth,
  { email }: { email: string },
  caller: Caller,
): Promise<UpdateEmailResponse> {
  if (email === user.email)
    throw new InvalidRequestError({ reason: 'The new email is the current one.' })
  if (await context.storage.users.findByEmail(email)) throw new EmailInUseError()
  await limitCodes(context, user.email, caller)
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
  { user }: Auth,
  { otp }: { otp: string },
  caller: Caller,
): Promise<UpdateEmailResponse> {
  await limitChecks(context, caller)
  const record = await verifyOtp(context, { purpose: 'email-primary', subject: user.id, code: otp })
  const newEmail = record.data
  if (!newEmail) throw new InvalidOtpError()
  await limitCodes(context, newEmail, caller)
  await issueOtp(context, {
    purpose: 'email-secondary',
    subject: user.id,
    to: newEmail,
    data: newEmail,
  })
  return { action: 'VERIFY_SECONDARY_OTP' }
}

/** Step 3: the code from the new address; the email changes and `newEmail` is answered. */
export async function updateEmailSecondaryOtp(
  context: ServerContext,
  { user }: Auth,
  { otp }: { otp: string },
  caller: Caller,
): Promise<{ newEmail: string }> {
  await limitChecks(context, caller)
  const record = await verifyOtp(context, {
    purpose: 'email-secondary',
    subject: user.id,
    code: otp,
  })
  const newEmail = record.data
  if (!newEmail) throw new InvalidOtpError()
  if (!(await context.storage.users.updateEmail(user.id, newEmail))) throw new EmailInUseError()
  return { newEmail }
}
