import type { ServerContext } from '../context'
import { rateLimit } from './rateLimit'

/** Who is calling: the client's address, for per-address rate limits. */
export interface Caller {
  clientAddress: string
}

/** Limits codes sent, per recipient email and per client address. */
export async function limitCodes(
  context: ServerContext,
  email: string,
  caller: Caller,
): Promise<void> {
  const { codesPerAddress, codesPerEmail } = context.options.rateLimits
  await rateLimit(context, `codes:email:${email}`, codesPerEmail)
  await rateLimit(context, `codes:address:${caller.clientAddress}`, codesPerAddress)
}

/** Limits code checks per client address (on top of the attempts per code). */
export async function limitChecks(context: ServerContext, caller: Caller): Promise<void> {
  await rateLimit(
    context,
    `checks:address:${caller.clientAddress}`,
    context.options.rateLimits.checksPerAddress,
  )
}
