import type { WalletFault } from './walletFaults'

/**
 * An EIP-1193 error a test wallet answers with (`code` and `data` go to the dapp as they are).
 * @see https://eips.ethereum.org/EIPS/eip-1193#provider-errors
 */
export class WalletRpcError extends Error {
  override name = 'WalletRpcError'
  readonly code: number
  readonly data?: unknown
  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    if (data !== undefined) this.data = data
  }
}

/** The error a fault answers `method` with, or `undefined` for the faults that are no error. */
export function faultError(fault: WalletFault, method: string): WalletRpcError | undefined {
  switch (fault) {
    case 'reject':
      return new WalletRpcError(4001, 'User rejected the request.')
    case 'pending':
      return new WalletRpcError(-32002, 'Request already pending.')
    case 'unknownChain':
      return new WalletRpcError(
        4902,
        'Unrecognized chain ID. Try adding the chain using wallet_addEthereumChain first.',
      )
    case 'unsupported':
      return new WalletRpcError(-32601, `The method ${method} does not exist.`)
    case 'internalError':
      return new WalletRpcError(-32603, 'Internal JSON-RPC error.')
    default:
      return undefined
  }
}
