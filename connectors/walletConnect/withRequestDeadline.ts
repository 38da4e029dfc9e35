import { WalletConnectRequestExpiredError } from '../../src/errors/WalletConnectRequestExpiredError'
import { raceDeadline } from '../../src/utils/raceDeadline'

// The SDK's own expiry (its 5 min request TTL) rejects with a plain Error of this text.
const sdkExpiry = /^Request expired/

/**
 * A wallet that never answers (app closed, request never shown) would leave the caller, and a
 * UI waiting on it, pending until the SDK's TTL, or for ever once the session is gone: the
 * request rejects with `WalletConnectRequestExpiredError` after `timeout` ms instead. A late
 * answer, or the SDK's own expiry after ours, settles nothing and never surfaces unhandled.
 * @example await withRequestDeadline(universal.request(args, chain), 'personal_sign', 300_000)
 */
export function withRequestDeadline<T>(
  sending: Promise<T>,
  method: string,
  timeout: number,
): Promise<T> {
  const answered = sending.catch((error: unknown) => {
    const message = (error as { message?: unknown } | undefined)?.message
    if (typeof message === 'string' && sdkExpiry.test(message))
      throw new WalletConnectRequestExpiredError({ method, timeout, cause: error })
    throw error
  })
  return raceDeadline(
    answered,
    timeout,
    () => new WalletConnectRequestExpiredError({ method, timeout }),
  )
}
