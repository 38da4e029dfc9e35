import { type Address, BaseError, ContractFunctionRevertedError, isAddress } from 'viem'
import { labRouterAbi, labTokenAbi } from '../contracts/swap/swapLab.fixture'
import { nativeToken, type SwapLab } from './deploySwapLab'

/** What the quote API was asked: an exact input, an integrator fee in the buy token. */
export interface LabSwapParams {
  sellToken: Address
  buyToken: Address
  sellAmount: bigint
  feeBps: bigint
}

/** A priced swap: the buy amount after the fee, the fee, and the order the router takes. */
export interface LabPrice {
  buyAmount: bigint
  fee: bigint
  /** The latest block's time plus ten minutes (the order's and the permit's deadline). */
  deadline: bigint
  blockNumber: bigint
}

/** A parameter that is not what the API takes: the 400 it answers. */
export class LabInputError extends Error {}

const isNative = (token: Address) => token.toLowerCase() === nativeToken.toLowerCase()

/** Reads an address parameter, or throws {@link LabInputError}. */
export function addressParam(query: URLSearchParams, name: string): Address {
  const value = query.get(name) ?? ''
  if (!isAddress(value, { strict: false })) throw new LabInputError(`${name} is not an address`)
  return value
}

/** Reads a base-unit amount parameter, or throws {@link LabInputError}. */
export function amountParam(query: URLSearchParams, name: string, fallback?: bigint): bigint {
  const value = query.get(name)
  if (value === null && fallback !== undefined) return fallback
  if (!value || !/^\d{1,78}$/.test(value)) throw new LabInputError(`${name} is not an amount`)
  return BigInt(value)
}

/**
 * Prices a swap against the lab's pools (the router's `quote`, read at the latest block);
 * `undefined` when no pool holds the pair (no liquidity).
 */
export async function priceSwap(
  lab: SwapLab,
  params: LabSwapParams,
): Promise<LabPrice | undefined> {
  if (params.sellAmount === 0n) throw new LabInputError('sellAmount must be above 0')
  const block = await lab.client.getBlock({ blockTag: 'latest' })
  try {
    const [buyAmount, fee] = await lab.client.readContract({
      address: lab.router,
      abi: labRouterAbi,
      functionName: 'quote',
      args: [params.sellToken, params.buyToken, params.sellAmount, params.feeBps],
      blockNumber: block.number,
    })
    return { buyAmount, fee, deadline: block.timestamp + 600n, blockNumber: block.number }
  } catch (error) {
    const reverted =
      error instanceof BaseError && error.walk((e) => e instanceof ContractFunctionRevertedError)
    const name = reverted instanceof ContractFunctionRevertedError ? reverted.data?.errorName : ''
    if (name === 'NoPool' || name === 'InsufficientLiquidity') return undefined
    if (name === 'FeeTooHigh') throw new LabInputError('the fee is too high')
    throw error
  }
}

/** The taker's balance of the sell token, and its allowance to `spender` (none for ether). */
export async function takerHoldings(
  lab: SwapLab,
  token: Address,
  taker: Address,
  spender: Address,
): Promise<{ balance: bigint; allowance: bigint | undefined }> {
  const balance = await lab.balanceOf(token, taker)
  if (isNative(token)) return { balance, allowance: undefined }
  const allowance = await lab.client.readContract({
    address: token,
    abi: labTokenAbi,
    functionName: 'allowance',
    args: [taker, spender],
  })
  return { balance, allowance }
}

/** The router's order for a priced swap. */
export function labOrder(
  params: LabSwapParams,
  price: LabPrice,
  minBuyAmount: bigint,
  recipient: Address,
  feeRecipient: Address | undefined,
) {
  return {
    sellToken: params.sellToken,
    buyToken: params.buyToken,
    sellAmount: params.sellAmount,
    minBuyAmount,
    recipient,
    feeRecipient: feeRecipient ?? recipient,
    feeBps: params.feeBps,
    deadline: price.deadline,
  }
}

/** `amount` less `bps` of it (the slippage floor). */
export const lessBps = (amount: bigint, bps: bigint): bigint => (amount * (10_000n - bps)) / 10_000n

/** A random permit nonce (unordered: any unused value). */
export function randomNonce(): bigint {
  const bytes = crypto.getRandomValues(new Uint8Array(8))
  return BigInt(`0x${Buffer.from(bytes).toString('hex')}`)
}

/** The value a transaction sends: the sell amount when it sells ether. */
export const etherValue = (params: LabSwapParams): bigint =>
  isNative(params.sellToken) ? params.sellAmount : 0n
