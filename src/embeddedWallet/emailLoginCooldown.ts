import { EmailLoginCooldownError } from '../errors/EmailLoginCooldownError'

/** Email login may not be triggered again within this many milliseconds of the last one (SPEC §9). */
export const emailLoginCooldown = 30_000

/** Whole seconds left before another email login may be triggered (0: allowed now), rounded up. */
export function getEmailLoginCooldownSeconds(
  lastEmailLoginAt: number | undefined,
  now: number,
): number {
  if (lastEmailLoginAt === undefined) return 0
  const elapsed = now - lastEmailLoginAt
  // A time in the future (clock moved back) counts as just now rather than never.
  if (elapsed >= emailLoginCooldown) return 0
  return Math.ceil((emailLoginCooldown - Math.max(0, elapsed)) / 1000)
}

/**
 * The one check of the 30 s email login cooldown (SPEC §5): the refusal to give when an email
 * login was triggered at `lastEmailLoginAt`, or undefined when a new one may go. The email flow's
 * reducer asks it with the time it saw (no round trip to refuse at once), the connector's
 * `connectEmail` with the stored time (so the cooldown survives a reload and holds for headless
 * callers).
 * @example const refusal = checkEmailLoginCooldown(last, Date.now()); if (refusal) throw refusal
 */
export function checkEmailLoginCooldown(
  lastEmailLoginAt: number | undefined,
  now: number,
): EmailLoginCooldownError | undefined {
  const seconds = getEmailLoginCooldownSeconds(lastEmailLoginAt, now)
  return seconds > 0 ? new EmailLoginCooldownError({ seconds }) : undefined
}
