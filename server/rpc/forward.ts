import { BaseError as ViemBaseError } from 'viem'
import { ChainRequestFailedError } from '../../src/errors/ChainRequestFailedError'
import type { ChainClient } from './createChainClients'

/** The JSON-RPC code of a viem error, searched down its causes. */
function findCode(error: ViemBaseError): number | undefined {
  const found = error.walk((inner) => typeof (inner as { code?: unknown }).code === 'number')
  const code = (found as { code?: unknown } | null)?.code
  return typeof code === 'number' ? code : undefined
}

/** Turns a failure of the chain node into `ChainRequestFailedError` with the node's code and message. */
export function toChainError(error: unknown): ChainRequestFailedError {
  if (error instanceof ViemBaseError)
    return new ChainRequestFailedError({
      code: findCode(error),
      message: error.shortMessage,
      cause: error,
    })
  return new ChainRequestFailedError({ cause: error })
}

/** Sends one request to the chain's node, as it is. */
export async function forward(
  { client }: ChainClient,
  method: string,
  params: unknown,
): Promise<unknown> {
  try {
    return await client.request({ method, params } as never)
  } catch (error) {
    throw toChainError(error)
  }
}
