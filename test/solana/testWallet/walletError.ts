/**
 * Errors the test wallet throws, coded as Solana wallets report them (Phantom, Solflare and the
 * wallet adapter's `WalletSignTransactionError` wrap `{ code, message }`): 4001 for the user
 * declining, -32603 for an internal failure, -32002 with the RPC's data for a refused send.
 */
export class SolanaTestWalletError extends Error {
  override name = 'SolanaTestWalletError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

/** The user declined in the wallet. */
export const userRejected = () => new SolanaTestWalletError(4001, 'User rejected the request.')

/** Something in the wallet went wrong. */
export const internalFailure = (detail = 'Internal error') =>
  new SolanaTestWalletError(-32603, detail)
