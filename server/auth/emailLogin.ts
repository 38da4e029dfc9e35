import { DeviceNotVerifiedError } from '../../src/errors/DeviceNotVerifiedError'
import { InvalidOtpError } from '../../src/errors/InvalidOtpError'
import type { ServerContext } from '../context'
import { randomId } from '../crypto/random'
import { createWalletRecord } from '../custody/wallets'
import type { ConnectEmailResponse } from '../schemas/api'
import type { UserRecord } from '../storage/types'
import { type Caller, limitChecks, limitCodes } from './limits'
import { issueOtp, verifyOtp } from './otp'
import { createSession, findSession } from './sessions'
import type { ProvenKey } from './verifyRequestProof'

function sendLoginCode(context: ServerContext, email: string, deviceId: string) {
  return issueOtp(context, { purpose: 'login', subject: email, to: email, deviceId })
}

function deviceLink(context: ServerContext, email: string, deviceId: string) {
  return (code: string) => {
    const query = new URLSearchParams({ email, deviceId, code })
    return `${context.publicUrl()}/v1/verify-device?${query}`
  }
}

/**
 * Connect email (SPEC §3): CONNECT when this device already has a live session for the email
 * (the frame sends its token), VERIFY_DEVICE for a known user on a new device (code and link by
 * mail), else VERIFY_OTP (a 6-digit code by mail).
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
  await limitCodes(context, email, caller)
  if (user && !(await context.storage.devices.find(user.id, deviceId))) {
    const link = deviceLink(context, email, deviceId)
    await issueOtp(context, { purpose: 'device', subject: email, to: email, deviceId, link })
    return { action: 'VERIFY_DEVICE' }
  }
  await sendLoginCode(context, email, deviceId)
  return { action: 'VERIFY_OTP' }
}

/** Marks a device verified with the emailed device code (from the frame or the link page). */
export async function verifyDevice(
  context: ServerContext,
  params: { email: string; deviceId: string; code: string },
  caller: Caller,
): Promise<UserRecord> {
  await limitChecks(context, caller)
  const user = await context.storage.users.findByEmail(params.email)
  if (!user) throw new InvalidOtpError()
  await verifyOtp(context, { purpose: 'device', subject: params.email, ...params })
  await context.storage.devices.upsertVerified({
    userId: user.id,
    deviceId: params.deviceId,
    verifiedAt: context.now(),
  })
  return user
}

/**
 * Connect device: verifies the device by its code, or checks that the emailed link did; then
 * mails the login code and answers VERIFY_OTP.
 */
export async function connectDevice(
  context: ServerContext,
  params: { email: string; deviceId: string; code?: string | undefined },
  caller: Caller,
): Promise<ConnectEmailResponse> {
  const { code, deviceId, email } = params
  if (code !== undefined) await verifyDevice(context, { email, deviceId, code }, caller)
  else {
    const user = await context.storage.users.findByEmail(email)
    const device = user && (await context.storage.devices.find(user.id, deviceId))
    if (!device) throw new DeviceNotVerifiedError()
  }
  await limitCodes(context, email, caller)
  await sendLoginCode(context, email, deviceId)
  return { action: 'VERIFY_OTP' }
}

async function findOrCreateUser(context: ServerContext, email: string): Promise<UserRecord> {
  const existing = await context.storage.users.findByEmail(email)
  if (existing) return existing
  const user = { id: randomId(), email, createdAt: context.now() }
  if (await context.storage.users.createWithWallet(user, createWalletRecord(context, user.id)))
    return user
  // Another request created the user first.
  const created = await context.storage.users.findByEmail(email)
  if (!created) throw new InvalidOtpError()
  return created
}

/** Connect OTP: checks the login code, makes the user and its wallet on first login, and starts a session. */
export async function connectOtp(
  context: ServerContext,
  params: { email: string; deviceId: string; otp: string; deviceKey: ProvenKey },
  caller: Caller,
): Promise<{ token: string }> {
  const { deviceId, deviceKey, email, otp } = params
  await limitChecks(context, caller)
  await verifyOtp(context, { purpose: 'login', subject: email, code: otp, deviceId })
  const user = await findOrCreateUser(context, email)
  await context.storage.devices.upsertVerified({
    userId: user.id,
    deviceId,
    verifiedAt: context.now(),
  })
  return { token: await createSession(context, { userId: user.id, deviceId, deviceKey }) }
}
