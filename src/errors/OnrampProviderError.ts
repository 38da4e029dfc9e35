import { BaseError } from './base'

/** Type of an {@link OnrampProviderError}. */
export type OnrampProviderErrorType = OnrampProviderError & { name: 'OnrampProviderError' }

/**
 * The on-ramp (its provider, or the Latchkey server in front of it) could not be reached or
 * answered something Latchkey cannot use. `status` is 0 when nothing answered.
 */
export class OnrampProviderError extends BaseError {
  provider: string
  status: number

  override name = 'OnrampProviderError'

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
    super(`The card payment provider ${provider} could not answer: try again in a moment`, {
      cause,
      details,
      docsPath: '/errors.md#buy-with-card',
      metaMessages: [`Status: ${status || 'no answer'}`],
    })
    this.provider = provider
    this.status = status
  }
}
