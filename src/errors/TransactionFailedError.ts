import { BaseError } from './base'

/** Type of a {@link TransactionFailedError}. */
export type TransactionFailedErrorType = TransactionFailedError & { name: 'TransactionFailedError' }

/** Where a send failed: the wallet did not send it, its receipt could not be read, or it reverted. */
export type TransactionFailedStage = 'send' | 'receipt' | 'reverted'

const messages: { readonly [S in TransactionFailedStage]: string } = {
  send: 'The wallet could not send the transaction',
  receipt: 'The transaction status could not be read',
  reverted: 'The transaction failed',
}

/**
 * A send that did not go through: the wallet refused it for a reason other than the visitor's
 * rejection (`stage` `'send'`; a rejection is viem's `UserRejectedRequestError`), no receipt
 * could be read (`'receipt'`), or it was mined and reverted (`'reverted'`). `hash` once sent.
 */
export class TransactionFailedError extends BaseError {
  hash: `0x${string}` | undefined
  stage: TransactionFailedStage

  override name = 'TransactionFailedError'

  constructor({
    stage,
    hash,
    cause,
  }: {
    stage: TransactionFailedStage
    hash?: `0x${string}` | undefined
    cause?: unknown
  }) {
    super(messages[stage], {
      cause,
      docsPath: '/errors.md#send',
      ...(hash && { metaMessages: [`Transaction: ${hash}`] }),
    })
    this.hash = hash
    this.stage = stage
  }
}
