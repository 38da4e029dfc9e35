import type { ServerContext } from '../context'
import { rateLimit } from './rateLimit'

/** Who is calling: the client's address (IPv6: its /64), for per-address rate limits. */
export interface Caller {
  clientAddress: string
}

/** Where a code goes: the recipient email, the device it is for, and whether that device is already verified for the email. */
export interface CodeTarget {
  email: string
  deviceId: string
  /** A verified device is held only by its own budget, so strangers cannot use it up. */
  deviceVerified: boolean
}

/**
 * Limits codes sent: per client address, per (email, device), and per email across devices not
 * yet verified for it. The caller's own buckets are charged first, so a refused stranger costs
 * the victim's buckets nothing.
 */
export async function limitCodes(
  context: ServerContext,
  target: CodeTarget,
  caller: Caller,
): Promise<void> {
  const limits = context.options.rateLimits
  await rateLimit(context, `codes:address:${caller.clientAddress}`, limits.codesPerAddress)
  await rateLimit(
    context,
    `codes:email-device:${target.email}\n${target.deviceId}`,
    limits.codesPerEmail,
  )
  if (!target.deviceVerified)
    await rateLimit(context, `codes:email:${target.email}`, limits.codesPerEmailAllDevices)
}

/** Limits code checks per client address (on top of the attempts per code). */
export async function limitChecks(context: ServerContext, caller: Caller): Promise<void> {
  await rateLimit(
    context,
    `checks:address:${caller.clientAddress}`,
    context.options.rateLimits.checksPerAddress,
  )
}
