/**
 * Maximum lengths of sign-in message fields. EIP-4361 asks implementers to choose them
 * ("Maximum lengths for ABNF terms"); these leave room for real use and bound parsing work.
 * @see https://eips.ethereum.org/EIPS/eip-4361
 */
export const siwxFieldLimits = {
  accountAddress: 128,
  chainId: 41,
  domain: 260,
  uri: 2048,
  nonce: 128,
  time: 64,
  statement: 1024,
  requestId: 256,
  resource: 2048,
  resources: 32,
  scheme: 64,
  message: 16_384,
} as const
