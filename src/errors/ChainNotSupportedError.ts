import { BaseError } from './base'

/** Type of a {@link ChainNotSupportedError}. */
export type ChainNotSupportedErrorType = ChainNotSupportedError & {
  name: 'ChainNotSupportedError'
}

/** Thrown when a wallet refuses to switch to a chain, or the chain is not configured. */
export class ChainNotSupportedError extends BaseError {
  chainId?: number | string | undefined

  override name = 'ChainNotSupportedError'

  constructor({ chainId, cause }: { chainId?: number | string | undefined; cause?: unknown } = {}) {
    super('Chain is not supported', {
      cause,
      metaMessages: chainId === undefined ? undefined : [`Chain: ${chainId}`],
    })
    this.chainId = chainId
  }
}
