import { BaseError as ViemBaseError } from 'viem'
import { BaseError } from '../../src/errors/base'
import { ChainRequestFailedError } from '../../src/errors/ChainRequestFailedError'
import type { ChainClient } from './createChainClients'

/** The JSON-RPC code of a viem error, searched down its causes. */
function findCode(error: ViemBaseError): number | undefined {
  const found = error.walk((inner) => typeof (inner as { code?: unknown }).code === 'number')
  const code = (found as { code?: unknown } | null)?.code
  return typeof code === 'number' ? code : undefined
}

/** The first Latchkey error down `error`'s causes (the transport's typed errors under viem's). */
export function findOwnError(error: unknown): BaseError | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 10 && current; depth++) {
    if (current instanceof BaseError) return current
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/**
 * Turns a failure of the chain node into a typed error: the transport's own (`RateLimitedError`,
 * `ChainTimeoutError`, `ResponseTooLargeError`, `BatchResponseError`, `ChainRequestFailedError`
 * with the node's code and message) as it is, anything else as `ChainRequestFailedError`.
 */
export function toChainError(error: unknown): BaseError {
  const own = findOwnError(error)
  if (own) return own
  if (error instanceof ViemBaseError)
    return new ChainRequestFailedError({
      code: findCode(error),
      message: error.shortMessage,
      cause: error,
    })
  return new ChainRequestFailedError({ cause: error })
}

/** Sends one request to the chain's node, as it is (through the chain's transport). */
export async function forward(
  { transport }: ChainClient,
  method: string,
  params: unknown,
  signal?: AbortSignal | undefined,
): Promise<unknown> {
  try {
    return await transport.request(method, params, { signal })
  } catch (error) {
    // Cancelled by the caller (the visitor went away): its own reason, not a chain failure.
    if (signal?.aborted)
      throw signal.reason instanceof Error
        ? signal.reason
        : new DOMException(String(signal.reason ?? 'aborted'), 'AbortError')
    throw toChainError(error)
  }
}
