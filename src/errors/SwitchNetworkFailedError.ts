import { BaseError } from './base'

/** Type of a {@link SwitchNetworkFailedError}. */
export type SwitchNetworkFailedErrorType = SwitchNetworkFailedError & {
  name: 'SwitchNetworkFailedError'
}

/**
 * Why a switch failed, where we know it: `timeout` (the wallet did not answer within
 * `promptTimeoutMs`), `pending` (the wallet already has a request open, -32002), `superseded`
 * (a later switch replaced this one).
 */
export type SwitchNetworkFailedReason = 'timeout' | 'pending' | 'superseded'

/** Thrown when the wallet fails to switch network. */
export class SwitchNetworkFailedError extends BaseError {
  override name = 'SwitchNetworkFailedError'
  /** Why it failed, when known. */
  reason: SwitchNetworkFailedReason | undefined

  constructor({
    cause,
    reason,
  }: { cause?: unknown; reason?: SwitchNetworkFailedReason | undefined } = {}) {
    super('Switch network failed', {
      cause,
      ...(reason ? { metaMessages: [`Reason: ${reason}`] } : {}),
    })
    this.reason = reason
  }
}
