import { encodeFunctionData } from 'viem'
import { labRouterAbi } from '../contracts/swap/swapLab.fixture'
import type { SwapLab } from './deploySwapLab'
import {
  addressParam,
  amountParam,
  etherValue,
  LabInputError,
  type LabSwapParams,
  labOrder,
  lessBps,
  priceSwap,
  randomNonce,
  takerHoldings,
} from './priceSwapLab'
import type { SwapTamper } from './swapTamper'
import type { LabAnswer } from './zeroExAnswer'

/** A percent with up to two decimals (`1`, `0.5`) in basis points. */
function percentParam(query: URLSearchParams, name: string, fallback: bigint): bigint {
  const value = query.get(name)
  if (value === null) return fallback
  const match = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(value)
  if (!match) throw new LabInputError(`${name} is not a percent`)
  return BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'))
}

const badRequest = (description: string): LabAnswer => ({
  status: 400,
  body: {
    statusCode: 400,
    error: 'Bad Request',
    description,
    meta: [],
    requestId: `lab-${randomNonce().toString(16)}`,
  },
})

/**
 * A 1inch Swap API v6.0 answer (`/swap/v6.0/{chain}/quote|swap`) priced against the lab: the
 * router is the 1inch router (the spender); `fee` is the integrator's percent of the buy token,
 * paid to `referrer`; `/swap` refuses a taker without the balance or the allowance, as 1inch does.
 */
export async function oneInchAnswer(
  lab: SwapLab,
  chain: string,
  endpoint: 'quote' | 'swap',
  query: URLSearchParams,
  tamper: SwapTamper | undefined,
): Promise<LabAnswer> {
  try {
    if (chain !== String(lab.chain.id)) throw new LabInputError('chain')
    const feeBps = percentParam(query, 'fee', 0n)
    const referrer = query.has('referrer') ? addressParam(query, 'referrer') : undefined
    if (feeBps > 300n) throw new LabInputError('fee must be 3 or less')
    const params: LabSwapParams = {
      sellToken: addressParam(query, 'src'),
      buyToken: addressParam(query, 'dst'),
      sellAmount: amountParam(query, 'amount'),
      feeBps: referrer ? feeBps : 0n,
    }
    const price = await priceSwap(lab, params)
    if (!price) return badRequest('insufficient liquidity')
    if (endpoint === 'quote') return { status: 200, body: { dstAmount: String(price.buyAmount) } }
    const from = addressParam(query, 'from')
    const receiver = query.has('receiver') ? addressParam(query, 'receiver') : from
    const slippageBps = percentParam(query, 'slippage', -1n)
    if (slippageBps < 0n || slippageBps > 5_000n) throw new LabInputError('slippage is required')
    const holdings = await takerHoldings(lab, params.sellToken, from, lab.router)
    if (holdings.balance < params.sellAmount)
      return badRequest(
        `Not enough balance. Amount: ${params.sellAmount}. Balance: ${holdings.balance}.`,
      )
    if (holdings.allowance !== undefined && holdings.allowance < params.sellAmount)
      return badRequest(
        `Not enough allowance. Amount: ${params.sellAmount}. Allowance: ${holdings.allowance}. Spender: ${lab.router}`,
      )
    const order = labOrder(params, price, lessBps(price.buyAmount, slippageBps), receiver, referrer)
    const gasPrice = await lab.client.getGasPrice()
    const body = {
      dstAmount: String(price.buyAmount),
      tx: {
        from,
        to: lab.router,
        data: encodeFunctionData({ abi: labRouterAbi, functionName: 'swap', args: [order] }),
        value: String(etherValue(params)),
        gas: 400_000,
        gasPrice: String(gasPrice),
      },
    }
    return { status: 200, body: tamper ? tamper.oneInch(body) : body }
  } catch (error) {
    if (!(error instanceof LabInputError)) throw error
    return badRequest(error.message)
  }
}
