import { type Address, encodeFunctionData, hashTypedData } from 'viem'
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

/** The shape of an answer: HTTP status and JSON body. */
export interface LabAnswer {
  status: number
  body: unknown
  headers?: Record<string, string>
}

const permit2Types = {
  EIP712Domain: [
    { name: 'name', type: 'string' },
    { name: 'chainId', type: 'uint256' },
    { name: 'verifyingContract', type: 'address' },
  ],
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

/**
 * A 0x Swap API v2 answer (`/swap/{allowance-holder|permit2}/{price|quote}`) priced against the
 * lab: the router is AllowanceHolder, Settler and spender at once; in Permit2 mode the spender is
 * the lab's signature transfer and the transaction's calldata ends where the client appends the
 * signature's length and bytes (as 0x documents).
 */
export async function zeroExAnswer(
  lab: SwapLab,
  mode: 'allowance-holder' | 'permit2',
  endpoint: 'price' | 'quote',
  query: URLSearchParams,
  tamper: SwapTamper | undefined,
): Promise<LabAnswer> {
  const zid = `0x${randomNonce().toString(16)}`
  try {
    if (query.get('chainId') !== String(lab.chain.id)) throw new LabInputError('chainId')
    const feeRecipient = query.has('swapFeeRecipient')
      ? addressParam(query, 'swapFeeRecipient')
      : undefined
    const params: LabSwapParams = {
      sellToken: addressParam(query, 'sellToken'),
      buyToken: addressParam(query, 'buyToken'),
      sellAmount: amountParam(query, 'sellAmount'),
      feeBps: feeRecipient ? amountParam(query, 'swapFeeBps', 0n) : 0n,
    }
    const feeToken = query.get('swapFeeToken')
    if (feeToken && feeToken.toLowerCase() !== params.buyToken.toLowerCase())
      throw new LabInputError('swapFeeToken must be the buy token')
    const taker = query.has('taker') ? addressParam(query, 'taker') : undefined
    if (endpoint === 'quote' && !taker) throw new LabInputError('taker is required')
    const slippageBps = amountParam(query, 'slippageBps', 100n)
    const price = await priceSwap(lab, params)
    if (!price) return { status: 200, body: { liquidityAvailable: false, zid } }
    const spender = mode === 'permit2' ? lab.permit2 : lab.router
    const holdings = taker && (await takerHoldings(lab, params.sellToken, taker, spender))
    const minBuyAmount = lessBps(price.buyAmount, slippageBps)
    const body: Record<string, unknown> = {
      allowanceTarget: etherValue(params) > 0n ? null : spender,
      blockNumber: String(price.blockNumber),
      buyAmount: String(price.buyAmount),
      buyToken: params.buyToken.toLowerCase(),
      fees: {
        integratorFee: feeRecipient
          ? { amount: String(price.fee), token: params.buyToken.toLowerCase(), type: 'volume' }
          : null,
        zeroExFee: null,
        gasFee: null,
      },
      issues: {
        allowance:
          holdings && holdings.allowance !== undefined && holdings.allowance < params.sellAmount
            ? { actual: String(holdings.allowance), spender }
            : null,
        balance:
          holdings && holdings.balance < params.sellAmount
            ? {
                token: params.sellToken.toLowerCase(),
                actual: String(holdings.balance),
                expected: String(params.sellAmount),
              }
            : null,
        simulationIncomplete: false,
        invalidSourcesPassed: [],
      },
      liquidityAvailable: true,
      minBuyAmount: String(minBuyAmount),
      route: {
        fills: [
          {
            from: params.sellToken,
            to: params.buyToken,
            source: 'Latchkey_Lab',
            proportionBps: '10000',
          },
        ],
        tokens: [],
      },
      sellAmount: String(params.sellAmount),
      sellToken: params.sellToken.toLowerCase(),
      tokenMetadata: {
        buyToken: { buyTaxBps: '0', sellTaxBps: '0' },
        sellToken: { buyTaxBps: '0', sellTaxBps: '0' },
      },
      totalNetworkFee: null,
      zid,
    }
    if (endpoint === 'quote' && taker) {
      const gasPrice = await lab.client.getGasPrice()
      const order = labOrder(params, price, minBuyAmount, taker, feeRecipient)
      const transaction = {
        to: lab.router as Address,
        data: '0x' as `0x${string}`,
        gas: '400000',
        gasPrice: String(gasPrice),
        value: String(etherValue(params)),
      }
      if (mode === 'allowance-holder') {
        transaction.data = encodeFunctionData({
          abi: labRouterAbi,
          functionName: 'swap',
          args: [order],
        })
      } else {
        const permit = {
          permitted: { token: params.sellToken, amount: params.sellAmount },
          nonce: randomNonce(),
          deadline: price.deadline,
        }
        const full = encodeFunctionData({
          abi: labRouterAbi,
          functionName: 'swapWithPermit',
          args: [order, permit, '0x'],
        })
        // Without the empty signature's length word: the client appends length and signature.
        transaction.data = full.slice(0, -64) as `0x${string}`
        const eip712 = {
          types: permit2Types,
          domain: { name: 'Permit2', chainId: lab.chain.id, verifyingContract: lab.permit2 },
          message: {
            permitted: { token: params.sellToken, amount: String(params.sellAmount) },
            spender: lab.router,
            nonce: String(permit.nonce),
            deadline: String(permit.deadline),
          },
          primaryType: 'PermitTransferFrom',
        }
        body.permit2 = {
          type: 'Permit2',
          hash: hashTypedData({ ...eip712, message: { ...permit, spender: lab.router } } as never),
          eip712,
        }
      }
      body.transaction = transaction
      body.totalNetworkFee = String(gasPrice * 400_000n)
    }
    return { status: 200, body: tamper ? tamper.zeroEx(body) : body }
  } catch (error) {
    if (!(error instanceof LabInputError)) throw error
    return { status: 400, body: { name: 'INPUT_INVALID', message: error.message, data: { zid } } }
  }
}
