import { UserRejectedRequestError } from 'viem'
import { BaseError } from '../errors/base'
import { isUserRejection } from '../errors/isUserRejection'
import { TransactionFailedError } from '../errors/TransactionFailedError'

/**
 * What a failed wallet send becomes: a rejection (4001, 5000) is viem's
 * `UserRejectedRequestError`, a Latchkey error stays itself (also when viem wrapped it, as it
 * wraps what a provider throws: a WalletConnect request past its deadline), anything else a
 * `TransactionFailedError` at stage `'send'`.
 */
export function toSendError(error: unknown): BaseError | Error {
  if (isUserRejection(error)) {
    if (error instanceof UserRejectedRequestError) return error
    return new UserRejectedRequestError(error instanceof Error ? error : new Error(String(error)))
  }
  return latchkeyCause(error) ?? new TransactionFailedError({ stage: 'send', cause: error })
}

function latchkeyCause(error: unknown): BaseError | undefined {
  let current = error
  for (let depth = 0; current && depth < 8; depth++) {
    if (current instanceof BaseError) return current
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}
