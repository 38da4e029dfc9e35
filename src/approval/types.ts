/** 0x-prefixed hex. */
export type Hex = `0x${string}`
/** A checksummed 20-byte address. */
export type Address = `0x${string}`

/** A JSON value, as typed data carries it. */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | JsonValue[]
  | { [key: string]: JsonValue }

/** The methods that need the visitor's approval and that the wallet carries out. */
export type ApprovalMethod =
  | 'personal_sign'
  | 'eth_signTypedData_v4'
  | 'eth_sendTransaction'
  | 'wallet_sendCalls'

/** personal_sign: the exact bytes signed, and their text when they are valid UTF-8. */
export interface CanonicalPersonalSign {
  method: 'personal_sign'
  chainId: number
  account: Address
  /** The bytes signed (EIP-191), lower-case hex. */
  message: Hex
  /** The bytes decoded as UTF-8, when they are valid UTF-8. */
  text?: string
}

/** One field of an EIP-712 struct type. */
export interface TypedDataField {
  name: string
  type: string
}

/** eth_signTypedData_v4 (EIP-712): domain, types, primary type and message, as signed. */
export interface CanonicalTypedData {
  method: 'eth_signTypedData_v4'
  chainId: number
  account: Address
  typedData: {
    domain: { [key: string]: JsonValue }
    types: { [type: string]: TypedDataField[] }
    primaryType: string
    message: { [key: string]: JsonValue }
  }
}

/** Gas and fee fields: EIP-1559 (`maxFeePerGas`, `maxPriorityFeePerGas`) or legacy `gasPrice`. */
export interface CanonicalFees {
  gasPrice?: Hex
  maxFeePerGas?: Hex
  maxPriorityFeePerGas?: Hex
}

/** eth_sendTransaction: every field that is signed (quantities as minimal lower-case hex). */
export interface CanonicalTransaction extends CanonicalFees {
  method: 'eth_sendTransaction'
  chainId: number
  from: Address
  /** `null` creates a contract. */
  to: Address | null
  value: Hex
  data: Hex
  gas?: Hex
  /** Unset: the next nonce of the account. */
  nonce?: Hex
}

/** One call of a wallet_sendCalls batch. */
export interface CanonicalCall {
  to: Address
  value: Hex
  data: Hex
  gas?: Hex
}

/** wallet_sendCalls (EIP-5792), sent as one transaction per call; one fee setting for all. */
export interface CanonicalSendCalls extends CanonicalFees {
  method: 'wallet_sendCalls'
  chainId: number
  from: Address
  version: string
  calls: CanonicalCall[]
}

/** A request that needs approval, normalised: what the screen shows is what is signed or sent. */
export type CanonicalRequest =
  | CanonicalPersonalSign
  | CanonicalTypedData
  | CanonicalTransaction
  | CanonicalSendCalls
