import { isUserRejection } from '../../../src/errors/isUserRejection'
import { SwapQuoteUnsafeError } from '../../../src/errors/SwapQuoteUnsafeError'
import { tSwap } from './tSwap'

/** What the swap views say about a failed quote, build or swap. */
export function swapErrorMessage(error: Error): string {
  if (isUserRejection(error)) return tSwap('swap.declined')
  if (error instanceof SwapQuoteUnsafeError) return tSwap('swap.error.unsafe')
  const short = (error as { shortMessage?: unknown }).shortMessage
  return typeof short === 'string' && short ? short : error.message
}
