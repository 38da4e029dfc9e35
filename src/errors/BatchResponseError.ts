import { BaseError } from './base'

/** Why an answer of the chain node could not be matched to its request. */
export type BatchResponseReason = 'missing' | 'duplicate' | 'malformed'

/** Type of a {@link BatchResponseError}. */
export type BatchResponseErrorType = BatchResponseError & { name: 'BatchResponseError' }

/**
 * Thrown when the chain node's answer to a (batched) JSON-RPC request has no entry with the
 * request's id, several, or is not a JSON-RPC answer: the caller never gets another request's result.
 */
export class BatchResponseError extends BaseError {
  reason: BatchResponseReason

  override name = 'BatchResponseError'

  constructor({ reason, method }: { reason: BatchResponseReason; method: string }) {
    super(
      reason === 'missing'
        ? 'The chain node did not answer this request'
        : reason === 'duplicate'
          ? 'The chain node answered this request more than once'
          : 'The chain node sent an answer that is not JSON-RPC',
      { metaMessages: [`Method: ${method}`] },
    )
    this.reason = reason
  }
}
