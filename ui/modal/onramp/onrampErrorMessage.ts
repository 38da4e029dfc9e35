import { tOnramp } from './tOnramp'

/** The sentence an on-ramp error shows as, by the error's name (errors keep it across the wire). */
export function onrampErrorMessage(error: Error): string {
  if (error.name === 'OnrampAmountError') {
    const { min, max } = error as Error & { min?: string; max?: string }
    return tOnramp('onramp.limits', { min: min ?? '', max: max ?? '' })
  }
  if (error.name === 'RateLimitedError') return tOnramp('onramp.error.rateLimited')
  if (error.name === 'OnrampNotSupportedError') return tOnramp('onramp.error.notSupported')
  return tOnramp('onramp.error.generic')
}
