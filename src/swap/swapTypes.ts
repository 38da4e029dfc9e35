import type { Address, Hex } from 'viem'

/** The address 0x and 1inch use for a chain's native currency (ETH on Ethereum). */
export const nativeTokenAddress: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

/** SPEC §9: swap slippage tolerance 1 %, in basis points. */
export const defaultSlippageBps = 100

/** An exact-input swap a visitor asks for. */
export interface SwapRequest {
  chainId: number
  /** The token sold, or {@link nativeTokenAddress}. */
  sellToken: Address
  /** The token bought, or {@link nativeTokenAddress}. */
  buyToken: Address
  /** The exact amount sold, in base units. */
  sellAmount: bigint
  /** Who sells, signs and receives. */
  taker: Address
  /** Slippage tolerance in basis points. @default 100 (SPEC §9) */
  slippageBps?: number | undefined
}

/** A price for a {@link SwapRequest}, as the provider answered it. */
export interface SwapQuote {
  provider: string
  chainId: number
  sellToken: Address
  buyToken: Address
  sellAmount: bigint
  /** What the taker gets, after the integrator fee. */
  buyAmount: bigint
  /** The least the transaction accepts, when the provider says. */
  minBuyAmount?: bigint | undefined
  /** The integrator fee, when one is set. */
  fee?: { token: Address; amount: bigint } | undefined
  /** The contract the sell token is approved to; none when selling the native currency. */
  spender: Address | undefined
}

/** A transaction that completes a swap. */
export interface SwapTransaction {
  chainId: number
  from: Address
  to: Address
  data: Hex
  value: bigint
  gas?: bigint | undefined
}

/** Permit2's `PermitTransferFrom` typed data, as the wallet signs it (EIP-712). */
export interface Permit2TypedData {
  domain: { name: string; chainId: number; verifyingContract: Address }
  types: {
    PermitTransferFrom: readonly { name: string; type: string }[]
    TokenPermissions: readonly { name: string; type: string }[]
  }
  primaryType: 'PermitTransferFrom'
  message: {
    permitted: { token: Address; amount: bigint }
    spender: Address
    nonce: bigint
    deadline: bigint
  }
}

/** A built swap: a transaction to send, or typed data to sign and the transaction it completes. */
export type SwapBuild =
  | { kind: 'transaction'; quote: SwapQuote; transaction: SwapTransaction }
  | {
      kind: 'signature'
      quote: SwapQuote
      typedData: Permit2TypedData
      /** The transaction without the signature (what is checked). */
      transaction: SwapTransaction
      /** The transaction carrying `signature`. */
      complete(signature: Hex): SwapTransaction
    }

/** The contracts a provider's answers may name on a chain: the trust anchor of the checks. */
export interface SwapContracts {
  /** Where the swap transaction may go. */
  targets: readonly Address[]
  /** What the sell token is approved to (the target itself, or Permit2). */
  spender: Address
  /** The Permit2 contract, for providers that sign with it. */
  permit2?: Address | undefined
}

/** Options of one provider call. */
export interface SwapCallOptions {
  signal?: AbortSignal | undefined
}

/** A swap provider (an aggregator's API in its own shape), as the swap flow uses it. */
export interface SwapProvider {
  /** e.g. `'0x'`, `'1inch'`. */
  readonly id: string
  supportsChain(chainId: number): boolean
  /** The trusted contracts on `chainId`; throws `ChainNotSupportedError` for another chain. */
  contracts(chainId: number): SwapContracts
  /** A price for an exact input (no transaction). */
  quote(request: SwapRequest, options?: SwapCallOptions): Promise<SwapQuote>
  /** The swap as a transaction, or as typed data to sign plus the transaction it completes. */
  build(request: SwapRequest, options?: SwapCallOptions): Promise<SwapBuild>
}

/** The integrator fee a host takes from the buy token. */
export interface SwapFee {
  recipient: Address
  /** Basis points of the buy amount. */
  bps: number
}
