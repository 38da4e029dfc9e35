import { UserRejectedRequestError } from 'viem'
import { BaseError } from '../errors/base'
import { isUserRejection } from '../errors/isUserRejection'
import { TransactionFailedError } from '../errors/TransactionFailedError'

/**
 * What a failed wallet send becomes: a rejection (4001, 5000) is viem's
 * `UserRejectedRequestError`, a Latchkey error stays itself, anything else a
 * `TransactionFailedError` at stage `'send'`.
 */
export function toSendError(error: unknown): BaseError | Error {
  if (isUserRejection(error)) {
    if (error instanceof UserRejectedRequestError) return error
    return new UserRejectedRequestError(error instanceof Error ? error : new Error(String(error)))
  }
  if (error instanceof BaseError) return error
  return new TransactionFailedError({ stage: 'send', cause: error })
}
