import { type Address, type Client, encodeFunctionData, type Hash } from 'viem'
import { call, readContract, sendTransaction, waitForTransactionReceipt } from 'viem/actions'
import { TransactionFailedError } from '../errors/TransactionFailedError'

// No outputs: USDT's approve returns nothing, and a bool is simply not read. JSON, not
// `parseAbi`: reached from the swap views' lazy chunk, viem's barrel would move abitype's parser
// into an app's first bundle (an esbuild split follows the barrel the first bundle imports).
const approveAbi = [
  {
    type: 'function',
    name: 'allowance',
    stateMutability: 'view',
    inputs: [
      { name: 'owner', type: 'address' },
      { name: 'spender', type: 'address' },
    ],
    outputs: [{ type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'approve',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'spender', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    outputs: [],
  },
] as const

/** How much a swap approves. @default 'exact' (the sell amount, nothing left behind) */
export type SwapApproval = 'exact' | 'unlimited'

/** Parameters of {@link ensureSwapAllowance}. */
export interface EnsureSwapAllowanceParameters {
  /** Reads (`eth_call`, receipts) on the swap's chain. */
  publicClient: Client
  /** The taker's wallet. */
  walletClient: Client
  chainId: number
  token: Address
  owner: Address
  spender: Address
  amount: bigint
  approval?: SwapApproval | undefined
  /** Told before each approval sent: `'reset'` for the approve(0) a USDT-style token wants first. */
  onApprove?: ((step: 'reset' | 'approve', hash: Hash) => void) | undefined
}

/**
 * Makes sure `spender` may take `amount` of `token` from `owner`, the same for every provider:
 * nothing when the allowance suffices; otherwise approve the exact amount (or the maximum with
 * `approval: 'unlimited'`), first setting a non-zero allowance back to 0 when the token refuses
 * to change it directly (USDT), found by running the approval with `eth_call`. Each approval
 * waits for its receipt; a revert is a `TransactionFailedError`.
 * @returns the approvals sent, in order.
 */
export async function ensureSwapAllowance(
  parameters: EnsureSwapAllowanceParameters,
): Promise<Hash[]> {
  const { publicClient, walletClient, token, owner, spender, amount } = parameters
  const current = await readContract(publicClient, {
    address: token,
    abi: approveAbi,
    functionName: 'allowance',
    args: [owner, spender],
  })
  if (current >= amount) return []
  const target = parameters.approval === 'unlimited' ? 2n ** 256n - 1n : amount
  const approveData = (value: bigint) =>
    encodeFunctionData({ abi: approveAbi, functionName: 'approve', args: [spender, value] })
  const sent: Hash[] = []
  async function approve(step: 'reset' | 'approve', value: bigint) {
    const hash = await sendTransaction(walletClient, {
      account: walletClient.account ?? owner,
      chain: null,
      to: token,
      data: approveData(value),
    })
    parameters.onApprove?.(step, hash)
    sent.push(hash)
    const receipt = await waitForTransactionReceipt(publicClient, { hash, pollingInterval: 250 })
    if (receipt.status !== 'success') throw new TransactionFailedError({ stage: 'reverted', hash })
  }
  if (current > 0n && !(await approvesDirectly(publicClient, owner, token, approveData(target))))
    await approve('reset', 0n)
  await approve('approve', target)
  return sent
}

/** Whether `approve` goes through from `owner` as it is (no revert, no `false`). */
async function approvesDirectly(
  client: Client,
  owner: Address,
  token: Address,
  data: `0x${string}`,
): Promise<boolean> {
  try {
    const { data: answer } = await call(client, { account: owner, to: token, data })
    return !answer || answer === '0x' || BigInt(answer) !== 0n
  } catch {
    return false
  }
}
