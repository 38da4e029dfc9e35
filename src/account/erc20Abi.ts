/**
 * The ERC-20 functions Latchkey calls (`balanceOf`, `transfer`), in place of viem's whole
 * `erc20Abi`. viem's file of ABIs is reached from every app's first bundle through viem's index,
 * and esbuild gives a file's code to the chunk of every entry that reaches it: a lazy chunk's use
 * of viem's `erc20Abi` put its 1.5 kB in the first bundle.
 */
export const erc20Abi = [
  {
    type: 'function',
    name: 'balanceOf',
    stateMutability: 'view',
    inputs: [{ name: 'account', type: 'address' }],
    outputs: [{ type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'transfer',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'recipient', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    outputs: [{ type: 'bool' }],
  },
] as const
