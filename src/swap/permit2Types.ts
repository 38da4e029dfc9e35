/** Permit2's EIP-712 types of a signature transfer: fixed here, never taken from an answer. */
export const permit2Types = {
  PermitTransferFrom: [
    { name: 'permitted', type: 'TokenPermissions' },
    { name: 'spender', type: 'address' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
  ],
  TokenPermissions: [
    { name: 'token', type: 'address' },
    { name: 'amount', type: 'uint256' },
  ],
} as const

/** Permit2's address where Uniswap deployed it (the same on every chain). */
export const canonicalPermit2Address = '0x000000000022D473030F116dDEE9F6B43aC78BA3'
