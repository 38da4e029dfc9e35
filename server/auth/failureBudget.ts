import { RateLimitedError } from '../../src/errors/RateLimitedError'
import type { ServerContext } from '../context'

/** The failed-code budget a check is charged to: an email (any device not verified for it), a verified device of an email, or a user's email change. */
export function failureBudgetKey(
  scope: { email: string; deviceId?: string | undefined } | { userId: string },
): string {
  if ('userId' in scope) return `failed:user:${scope.userId}`
  return scope.deviceId === undefined
    ? `failed:email:${scope.email}`
    : `failed:email-device:${scope.email}\n${scope.deviceId}`
}

/**
 * Runs a code check against a failed-code budget that spans every code of the key: the check is
 * counted before it runs (so parallel guesses cannot exceed the budget) and refunded when it
 * succeeds. A full budget locks the key for the next step of `lockoutMs` (1 min, 5, 15, 60 …);
 * while locked every check, right or wrong, gets `RateLimitedError` and is never compared.
 */
export async function withFailureBudget<T>(
  context: Pick<ServerContext, 'storage' | 'now' | 'options'>,
  key: string,
  check: () => Promise<T>,
): Promise<T> {
  const { failedChecksPerEmail, lockoutMs, lockoutResetMs } = context.options.rateLimits
  const now = context.now()
  const { limits } = context.storage
  const taken = await limits.take(
    key,
    now,
    failedChecksPerEmail.windowMs,
    failedChecksPerEmail.limit,
  )
  if (!taken.allowed) {
    // Idempotent while locked: parallel refusals escalate the ladder once.
    const until = await limits.lock(key, now, lockoutMs, lockoutResetMs)
    throw new RateLimitedError({ retryAfter: (until - now) / 1000 })
  }
  const result = await check()
  await limits.release(taken.id)
  return result
}
