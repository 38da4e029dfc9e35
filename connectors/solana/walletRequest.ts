import { UserRejectedRequestError } from 'viem'
import { isUserRejection } from '../../src/errors/isUserRejection'
import { SolanaWalletRequestError } from '../../src/errors/SolanaWalletRequestError'

// Wallets throw what they like (an Error, a `{ code, message }` object, a string): make it an
// Error that keeps the code, so `cause` chains and `isUserRejection` read it.
function toError(value: unknown): Error {
  if (value instanceof Error) return value
  const { code, message } = (value ?? {}) as { code?: unknown; message?: unknown }
  const error = new Error(typeof message === 'string' ? message : String(value))
  return typeof code === 'number' ? Object.assign(error, { code }) : error
}

/**
 * Runs one call into a wallet feature: a decline (4001) becomes viem's `UserRejectedRequestError`,
 * any other failure a `SolanaWalletRequestError` naming the feature.
 */
export async function walletRequest<T>(feature: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (thrown) {
    const error = toError(thrown)
    if (isUserRejection(error)) throw new UserRejectedRequestError(error)
    throw new SolanaWalletRequestError({ feature, cause: error })
  }
}
