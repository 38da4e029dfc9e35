import { BaseError } from './base'

/** Type of a {@link SwitchNetworkFailedError}. */
export type SwitchNetworkFailedErrorType = SwitchNetworkFailedError & {
  name: 'SwitchNetworkFailedError'
}

/** Thrown when the wallet fails to switch network. */
export class SwitchNetworkFailedError extends BaseError {
  override name = 'SwitchNetworkFailedError'

  constructor({ cause }: { cause?: unknown } = {}) {
    super('Switch network failed', { cause })
  }
}
