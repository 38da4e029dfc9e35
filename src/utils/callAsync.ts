import { ConnectionFailedError } from '../errors/ConnectionFailedError'

/**
 * Calls `run` now (a wallet request keeps its place in the click or effect that made it) and
 * settles like an async function: a synchronous throw becomes a rejection, and a rejection with
 * something that is not an `Error` becomes a {@link ConnectionFailedError} carrying it as `cause`.
 */
export function callAsync<T>(run: () => Promise<T>): Promise<T> {
  let pending: Promise<T>
  try {
    pending = run()
  } catch (error) {
    pending = Promise.reject(error)
  }
  return pending.catch((error: unknown) => {
    throw error instanceof Error ? error : new ConnectionFailedError({ cause: error })
  })
}
