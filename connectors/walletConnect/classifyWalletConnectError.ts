import { isUserRejection } from '../../src/errors/isUserRejection'

// The SDK's own rejections of a proposal can come without a code: its words are all there is.
export function isRejected(error: unknown): boolean {
  const message = (error as { message?: unknown } | undefined)?.message
  return (
    isUserRejection(error) ||
    (typeof message === 'string' && /user rejected|connection request reset/i.test(message))
  )
}

// A session already gone on the relay or in the SDK's store: nothing left to end.
export function isSessionGone(error: unknown): boolean {
  const message = (error as { message?: unknown } | undefined)?.message
  return typeof message === 'string' && /no matching key|please call connect|expired/i.test(message)
}
