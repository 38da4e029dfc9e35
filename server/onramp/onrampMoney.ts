import { InvalidRequestError } from '../../src/errors/InvalidRequestError'

// Money in minor units (cents) as bigints: fees and amounts are exact, never floats.

const moneyPattern = /^(\d{1,12})(?:\.(\d{1,2}))?$/

/** `'49.9'` → 4990n. @throws {InvalidRequestError} not an amount with at most 2 decimals */
export function toCents(amount: string): bigint {
  const match = moneyPattern.exec(amount)
  if (!match)
    throw new InvalidRequestError({ reason: 'Expected an amount with at most 2 decimals.' })
  return BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'))
}

/** 4990n → `'49.90'`. */
export function formatCents(cents: bigint): string {
  const whole = cents / 100n
  const rest = (cents % 100n).toString().padStart(2, '0')
  return `${whole}.${rest}`
}

/** The fee of `bps` basis points on `cents`, rounded half up to the cent. */
export function feeCents(cents: bigint, bps: number): bigint {
  return (cents * BigInt(bps) + 5_000n) / 10_000n
}

/** How many base units of a token of `decimals` `cents` buy at `priceCents` per token (floor). */
export function tokensFor(cents: bigint, priceCents: bigint, decimals: number): bigint {
  return (cents * 10n ** BigInt(decimals)) / priceCents
}
