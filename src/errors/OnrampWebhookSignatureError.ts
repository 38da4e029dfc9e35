import { BaseError } from './base'

/** Type of an {@link OnrampWebhookSignatureError}. */
export type OnrampWebhookSignatureErrorType = OnrampWebhookSignatureError & {
  name: 'OnrampWebhookSignatureError'
}

/**
 * A webhook posted to `latchkey serve`'s on-ramp route was refused: its signature is missing or
 * does not match the raw body (a tampered or forged event), or its timestamp is too old.
 */
export class OnrampWebhookSignatureError extends BaseError {
  provider: string

  override name = 'OnrampWebhookSignatureError'

  constructor({ provider, reason }: { provider: string; reason?: string | undefined }) {
    super(`The webhook of ${provider} was refused: its signature does not match`, {
      details: reason,
      docsPath: '/errors.md#buy-with-card',
    })
    this.provider = provider
  }
}
