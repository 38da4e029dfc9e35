import { isUserRejection } from '../../src/errors/isUserRejection'
import { SolanaWalletRequestError } from '../../src/errors/SolanaWalletRequestError'

/**
 * Makes a decline viem's `UserRejectedRequestError`. The adapter's shell hands it down
 * (`SolanaSessionContext`) rather than the session importing `viem`: viem's entry reaches its
 * transports, which an app's bundler keeps in one first-bundle chunk with React and wagmi, and a
 * lazy chunk reaching only some of that chunk's modules splits it in two (+0.4 KB gzip measured by
 * `npm run bench`). The session imports nothing of viem.
 */
export type ToRejection = (cause: Error) => Error

// Wallets throw what they like (an Error, a `{ code, message }` object, a string): make it an
// Error that keeps the code, so `cause` chains and `isUserRejection` read it.
function toError(value: unknown): Error {
  if (value instanceof Error) return value
  const { code, message } = (value ?? {}) as { code?: unknown; message?: unknown }
  const error = new Error(typeof message === 'string' ? message : String(value))
  return typeof code === 'number' ? Object.assign(error, { code }) : error
}

/**
 * Runs one call into a wallet feature: a decline (4001) becomes viem's `UserRejectedRequestError`
 * (through `toRejection`), any other failure a `SolanaWalletRequestError` naming the feature.
 */
export async function walletRequest<T>(
  feature: string,
  run: () => Promise<T>,
  toRejection: ToRejection,
): Promise<T> {
  try {
    return await run()
  } catch (thrown) {
    const error = toError(thrown)
    if (isUserRejection(error)) throw toRejection(error)
    throw new SolanaWalletRequestError({ feature, cause: error })
  }
}
