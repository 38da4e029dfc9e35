import { formatUnits } from 'viem'

/** At or above this, an allowance is as good as unlimited (no real token supply comes close). */
export const unlimitedThreshold = 2n ** 128n

/** A wei amount in the chain's native symbol, exactly (no float rounding). */
export function formatNative(wei: bigint, symbol: string): string {
  return `${formatUnits(wei, 18)} ${symbol}`
}

/** A token amount in base units (the token's decimals are not read), or "Unlimited". */
export function formatTokenAmount(amount: bigint): string {
  return amount >= unlimitedThreshold ? `Unlimited (${amount})` : `${amount} (token base units)`
}

/** A unix time in seconds as an ISO date; 0 or absurdly far away is "never". */
export function formatDeadline(seconds: bigint): string {
  if (seconds === 0n || seconds > 253_402_300_799n) return `Never expires (${seconds})`
  return `${new Date(Number(seconds) * 1000).toISOString().replace('.000Z', 'Z')} (${seconds})`
}
