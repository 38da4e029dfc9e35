import { isUserRejection } from '../../src/errors/isUserRejection'

// What the WalletConnect SDK's failures mean for the session. The SDK's own rejections and
// session errors often come without a code: its words are all there is.

/**
 * Whether the visitor (or the SDK on their behalf) declined: a 4001 anywhere in the chain, or the
 * SDK's "user rejected" / "connection request reset" words for a proposal turned down.
 * @example if (isRejected(error)) throw new UserRejectedRequestError(error as Error)
 */
export function isRejected(error: unknown): boolean {
  const message = (error as { message?: unknown } | undefined)?.message
  return (
    isUserRejection(error) ||
    (typeof message === 'string' && /user rejected|connection request reset/i.test(message))
  )
}

/**
 * Whether a disconnect failed because the session is already gone on the relay or in the SDK's
 * store (no matching key, recently deleted, never connected, expired): nothing is left to end.
 * @example if (!isSessionAlreadyEnded(error)) throw error
 */
export function isSessionAlreadyEnded(error: unknown): boolean {
  const message = (error as { message?: unknown } | undefined)?.message
  return (
    typeof message === 'string' &&
    /no matching key|recently deleted|please call connect|expired/i.test(message)
  )
}

// What sign-client 2.21.8 throws for a session topic it no longer has: deleted ("No matching
// key", "Record was recently deleted") or past its expiry ("Expired. session topic: …").
const sessionGonePattern =
  /no matching key|recently deleted|^expired\. session topic|session topic doesn't exist/i

/**
 * Whether a request failed because the SDK no longer has the session it named (deleted by the
 * wallet or by this page, or expired), as opposed to the wallet declining or a network fault.
 * @example if (isSessionGone(error)) throw new WalletConnectSessionNotFoundError({ cause: error })
 */
export function isSessionGone(error: unknown): boolean {
  const message = (error as { message?: unknown } | undefined)?.message
  return typeof message === 'string' && sessionGonePattern.test(message)
}
