import { isUserRejection } from '../../../src/errors/isUserRejection'
import { SwapQuoteUnsafeError } from '../../../src/errors/SwapQuoteUnsafeError'
import { t } from '../../locales/t'

/** What the swap views say about a failed quote, build or swap. */
export function swapErrorMessage(error: Error): string {
  if (isUserRejection(error)) return t('swap.declined')
  if (error instanceof SwapQuoteUnsafeError) return t('swap.error.unsafe')
  const short = (error as { shortMessage?: unknown }).shortMessage
  return typeof short === 'string' && short ? short : error.message
}
