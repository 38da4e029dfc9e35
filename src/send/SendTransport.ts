/** A transaction as the send flow hands it to the wallet. */
export interface SendTransactionRequest {
  chainId: number
  from: `0x${string}`
  to: `0x${string}`
  value: bigint
  data?: `0x${string}` | undefined
  gas: bigint
  maxFeePerGas: bigint
  maxPriorityFeePerGas?: bigint | undefined
}

/** What waiting for a receipt ended with; `hash` is the mined one (a repriced send's differs). */
export interface SendReceipt {
  status: 'success' | 'reverted'
  hash: `0x${string}`
  /** Set when the wallet replaced the transaction (same nonce, another hash). */
  replaced?: 'replaced' | 'cancelled' | 'repriced' | undefined
}

/**
 * The chain and wallet calls a send needs, so the send store stays free of wagmi: reads go
 * through the app's own client for the chain, the send through the connected wallet.
 */
export interface SendTransport {
  /** The account's balance of `token` (an ERC-20), or of the native currency without one. */
  getBalance(parameters: {
    chainId: number
    address: `0x${string}`
    token?: `0x${string}` | undefined
  }): Promise<bigint>
  /** Fee caps per gas for a transaction sent now. */
  getFeesPerGas(parameters: {
    chainId: number
  }): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas?: bigint | undefined }>
  estimateGas(parameters: Omit<SendTransactionRequest, 'gas' | 'maxFeePerGas'>): Promise<bigint>
  /** Asks the wallet to send; resolves with the hash. */
  sendTransaction(request: SendTransactionRequest): Promise<`0x${string}`>
  /** Waits until the transaction (or the one that replaced it) is mined. */
  waitForReceipt(parameters: { chainId: number; hash: `0x${string}` }): Promise<SendReceipt>
}
