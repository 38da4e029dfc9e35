import { isUserRejection } from '../../../src/errors/isUserRejection'
import { TransactionFailedError } from '../../../src/errors/TransactionFailedError'
import { TransactionReplacedError } from '../../../src/errors/TransactionReplacedError'
import { tSend } from './tSend'

/** What the send views say about a failed send: a rejection, a revert, a replacement. */
export function sendErrorMessage(error: Error): string {
  if (isUserRejection(error)) return tSend('send.declined')
  if (error instanceof TransactionReplacedError || error instanceof TransactionFailedError)
    return error.shortMessage
  const short = (error as { shortMessage?: unknown }).shortMessage
  return typeof short === 'string' && short ? short : tSend('send.status.failed')
}
