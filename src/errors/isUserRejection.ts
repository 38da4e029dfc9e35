/**
 * Whether an error says the visitor rejected the request in the wallet: viem's
 * `UserRejectedRequestError`, or the first EIP-1193 code in its `cause` chain (up to 8 deep) is
 * 4001, or 5000, which SPEC §8 also counts as a rejection. The one test every layer uses.
 * @see https://eips.ethereum.org/EIPS/eip-1193#provider-errors
 * @example if (isUserRejection(error)) return t('connecting.declined')
 */
export function isUserRejection(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; current && typeof current === 'object' && depth < 8; depth++) {
    const { code, name } = current as { code?: unknown; name?: unknown }
    if (name === 'UserRejectedRequestError') return true
    if (typeof code === 'number') return code === 4001 || code === 5000
    current = (current as { cause?: unknown }).cause
  }
  return false
}
