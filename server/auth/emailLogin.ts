import { InvalidOtpError } from '../../src/errors/InvalidOtpError'
import type { ConnectEmailResponse } from '../../src/schemas/embeddedWalletTypes'
import type { ServerContext } from '../context'
import { randomId } from '../crypto/random'
import { custodyModeOf } from '../custody/custodyMode'
import { createWalletRecord } from '../custody/wallets'
import type { UserRecord } from '../storage/types'
import { failureBudgetKey, withFailureBudget } from './failureBudget'
import { type Caller, limitChecks, limitCodes } from './limits'
import { issueOtp, verifyOtp } from './otp'
import { createSession, findSession } from './sessions'
import type { ProvenKey } from './verifyRequestProof'

/**
 * A login code belongs to one (email, device): a request from another device gets its own code
 * and never replaces this one. The subject is also bound into the code's hash.
 */
export function loginCodeSubject(email: string, deviceId: string): string {
  return `${email}\n${deviceId}`
}

/** Whether `deviceId` already proved access to the email's account (undefined user: no). */
async function isDeviceVerified(
  context: ServerContext,
  user: UserRecord | undefined,
  deviceId: string,
): Promise<boolean> {
  return user ? (await context.storage.devices.find(user.id, deviceId)) !== undefined : false
}

/** Mails a login code for (email, device) within the send budgets; answers VERIFY_OTP. */
async function sendLoginCode(
  context: ServerContext,
  params: { email: string; deviceId: string; user: UserRecord | undefined },
  caller: Caller,
): Promise<ConnectEmailResponse> {
  const { deviceId, email } = params
  const deviceVerified = await isDeviceVerified(context, params.user, deviceId)
  await limitCodes(context, { email, deviceId, deviceVerified }, caller)
  await issueOtp(context, {
    purpose: 'login',
    subject: loginCodeSubject(email, deviceId),
    to: email,
    deviceId,
  })
  return { action: 'VERIFY_OTP' }
}

/**
 * Connect email (SPEC §3): CONNECT when this device already has a live session for the email
 * (the frame sends its token); otherwise VERIFY_OTP and a login code by mail, the same answer
 * and the same mail for known and unknown emails and devices (no account enumeration). The code
 * also verifies a new device (see `connectOtp`).
 */
export async function connectEmail(
  context: ServerContext,
  params: { email: string; deviceId: string; token?: string | undefined },
  caller: Caller,
): Promise<ConnectEmailResponse> {
  const { deviceId, email } = params
  const user = await context.storage.users.findByEmail(email)
  if (user && params.token) {
    const auth = await findSession(context, params.token)
    if (auth?.user.id === user.id && auth.session.deviceId === deviceId)
      return { action: 'CONNECT' }
  }
  return sendLoginCode(context, { email, deviceId, user }, caller)
}

/**
 * Connect device: kept for frames that still call it after a VERIFY_DEVICE, which the server no
 * longer answers; it now does what connect-email does (VERIFY_OTP and a login code).
 */
export async function connectDevice(
  context: ServerContext,
  params: { email: string; deviceId: string },
  caller: Caller,
): Promise<ConnectEmailResponse> {
  const user = await context.storage.users.findByEmail(params.email)
  return sendLoginCode(context, { ...params, user }, caller)
}

async function findOrCreateUser(
  context: ServerContext,
  email: string,
  projectId: string | undefined,
): Promise<UserRecord> {
  const existing = await context.storage.users.findByEmail(email)
  if (existing) return existing
  const user = { id: randomId(), email, createdAt: context.now() }
  // A sealed project's wallet is made by the frame after this login (server/custody/sealedWallets.ts).
  const made =
    custodyModeOf(context.options.custody, projectId) === 'sealed'
      ? await context.storage.users.create(user)
      : await context.storage.users.createWithWallet(user, createWalletRecord(context, user.id))
  if (made) return user
  // Another request created the user first.
  const created = await context.storage.users.findByEmail(email)
  if (!created) throw new InvalidOtpError()
  return created
}

/**
 * Connect OTP: checks the login code of (email, device) against the email's failed-code budget
 * (a verified device has its own), makes the user and its wallet on first login, marks the
 * device verified (the code proved access to the email), and starts a session.
 */
export async function connectOtp(
  context: ServerContext,
  params: {
    email: string
    deviceId: string
    otp: string
    deviceKey: ProvenKey
    /** The frame's project: its custody mode decides how a new user's wallet is made. */
    projectId?: string | undefined
  },
  caller: Caller,
): Promise<{ token: string }> {
  const { deviceId, deviceKey, email, otp } = params
  await limitChecks(context, caller)
  const known = await context.storage.users.findByEmail(email)
  const deviceVerified = await isDeviceVerified(context, known, deviceId)
  const budget = failureBudgetKey({ email, deviceId: deviceVerified ? deviceId : undefined })
  await withFailureBudget(context, budget, () =>
    verifyOtp(context, {
      purpose: 'login',
      subject: loginCodeSubject(email, deviceId),
      code: otp,
      deviceId,
    }),
  )
  const user = await findOrCreateUser(context, email, params.projectId)
  await context.storage.devices.upsertVerified({
    userId: user.id,
    deviceId,
    verifiedAt: context.now(),
  })
  return { token: await createSession(context, { userId: user.id, deviceId, deviceKey }) }
}
