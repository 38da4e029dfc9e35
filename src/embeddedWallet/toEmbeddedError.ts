import { BaseError } from '../errors/base'
import { FrameLoadError } from '../errors/FrameLoadError'
import { parseErrorMessage } from '../utils/parseErrorMessage'

// A lazy chunk that did not load says so only in words (webpack's ChunkLoadError has a name;
// a native `import()` failure is a TypeError): the one place these words are read.
const chunkFailure = /dynamically imported module|Loading chunk/i

/**
 * A failure of the embedded wallet as a typed error: a Latchkey error as thrown, a lazy chunk
 * that did not load as a `FrameLoadError`, anything else (a wagmi or viem error) as a `BaseError`
 * with its message and the original as `cause`.
 */
export function toEmbeddedError(error: unknown): BaseError {
  if (error instanceof BaseError) return error
  const name = (error as { name?: unknown } | null)?.name
  if (name === 'ChunkLoadError' || (error instanceof TypeError && chunkFailure.test(error.message)))
    return new FrameLoadError({ cause: error })
  return new BaseError(parseErrorMessage(error), { cause: error })
}
