import { formatFiat } from './formatFiat'
import { tOnramp } from './tOnramp'

/**
 * The sentence an on-ramp error shows as, by the error's name (errors keep it across the wire);
 * `symbol`: the currency's, for the limits of an `OnrampAmountError`.
 */
export function onrampErrorMessage(error: Error, symbol = ''): string {
  if (error.name === 'OnrampAmountError') {
    const { min = '', max = '' } = error as Error & { min?: string; max?: string }
    const money = (amount: string) =>
      /^\d+(\.\d+)?$/.test(amount) ? formatFiat(amount, symbol) : amount
    return tOnramp('onramp.limits', { min: money(min), max: money(max) })
  }
  if (error.name === 'RateLimitedError') return tOnramp('onramp.error.rateLimited')
  if (error.name === 'OnrampNotSupportedError') return tOnramp('onramp.error.notSupported')
  return tOnramp('onramp.error.generic')
}
