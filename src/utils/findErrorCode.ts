/**
 * The EIP-1193 / JSON-RPC code anywhere in an error's `cause` chain (viem wraps a wallet's
 * `{ code, message }` one or more levels deep), or undefined when there is none.
 * @example findErrorCode(new UserRejectedRequestError(cause)) // 4001
 */
export function findErrorCode(error: unknown): number | undefined {
  let current: unknown = error
  for (let depth = 0; current && typeof current === 'object' && depth < 8; depth++) {
    if ('code' in current && typeof current.code === 'number') return current.code
    current = 'cause' in current ? current.cause : undefined
  }
  return undefined
}
