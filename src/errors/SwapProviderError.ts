import { BaseError } from './base'

/** Type of a {@link SwapProviderError}. */
export type SwapProviderErrorType = SwapProviderError & { name: 'SwapProviderError' }

/**
 * The swap provider could not be reached, or answered something Latchkey cannot use (a status
 * and body of no known meaning, a malformed quote). `status` is 0 when nothing answered.
 */
export class SwapProviderError extends BaseError {
  provider: string
  status: number

  override name = 'SwapProviderError'

  constructor({
    provider,
    status,
    details,
    cause,
  }: {
    provider: string
    status: number
    details?: string | undefined
    cause?: unknown
  }) {
    super(`The swap provider ${provider} could not answer: try again in a moment`, {
      cause,
      details,
      docsPath: '/errors.md#swap',
      metaMessages: [`Status: ${status || 'no answer'}`],
    })
    this.provider = provider
    this.status = status
  }
}
