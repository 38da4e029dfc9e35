import { concat, type Hex, numberToHex, size } from 'viem'
import type * as z from 'zod/mini'
import { ChainNotSupportedError } from '../errors/ChainNotSupportedError'
import { SwapInsufficientBalanceError } from '../errors/SwapInsufficientBalanceError'
import { SwapNoLiquidityError } from '../errors/SwapNoLiquidityError'
import { SwapProviderError } from '../errors/SwapProviderError'
import { fetchSwapJson } from './fetchSwapJson'
import { knownSwapContracts } from './knownSwapContracts'
import { permit2Types } from './permit2Types'
import { zeroExAnswerSchema, zeroExErrorSchema } from './swapSchemas'
import {
  defaultSlippageBps,
  type SwapBuild,
  type SwapCallOptions,
  type SwapContracts,
  type SwapFee,
  type SwapProvider,
  type SwapQuote,
  type SwapRequest,
} from './swapTypes'

/** Options of {@link createZeroExSwapProvider}. */
export interface ZeroExSwapProviderOptions {
  /** The API root: `https://api.0x.org`, or `latchkey serve`'s `<server>/v1/swap/0x`. */
  baseUrl: string
  /** Sent as `0x-api-key`; leave it out in the browser (the server adds it). */
  apiKey?: string | undefined
  /** `'allowance-holder'` (approve, then one transaction) or `'permit2'` (approve Permit2, sign). @default 'allowance-holder' */
  mode?: 'allowance-holder' | 'permit2' | undefined
  /**
   * The trusted contracts per chain id: AllowanceHolder, or Settler and Permit2.
   * @default 0x's published AllowanceHolder per chain (`knownSwapContracts`); none in permit2 mode
   */
  contracts?: Readonly<Record<number, SwapContracts>> | undefined
  /** The integrator fee, taken from the buy token. */
  fee?: SwapFee | undefined
  fetch?: typeof globalThis.fetch | undefined
  /** @default 10_000 */
  timeoutMs?: number | undefined
}

type ZeroExAnswer = Extract<z.output<typeof zeroExAnswerSchema>, { liquidityAvailable: true }>

/**
 * A {@link SwapProvider} in the shape of 0x Swap API v2: `/swap/{mode}/price` for quotes,
 * `/swap/{mode}/quote` for the transaction (and, in Permit2 mode, the typed data whose signature
 * is appended to its calldata, length first, as 0x documents).
 * @example createZeroExSwapProvider({ baseUrl: `${server}/v1/swap/0x`, contracts })
 */
export function createZeroExSwapProvider(options: ZeroExSwapProviderOptions): SwapProvider {
  const id = '0x'
  const mode = options.mode ?? 'allowance-holder'
  const trusted = options.contracts ?? knownSwapContracts(id, mode)

  function contracts(chainId: number): SwapContracts {
    const found = trusted[chainId]
    if (!found) throw new ChainNotSupportedError()
    return found
  }

  async function ask(
    endpoint: 'price' | 'quote',
    request: SwapRequest,
    call: SwapCallOptions | undefined,
  ): Promise<ZeroExAnswer> {
    contracts(request.chainId)
    const url = new URL(`${options.baseUrl.replace(/\/$/, '')}/swap/${mode}/${endpoint}`)
    const query: Record<string, string> = {
      chainId: String(request.chainId),
      sellToken: request.sellToken,
      buyToken: request.buyToken,
      sellAmount: String(request.sellAmount),
      taker: request.taker,
      slippageBps: String(request.slippageBps ?? defaultSlippageBps),
    }
    if (options.fee) {
      query.swapFeeRecipient = options.fee.recipient
      query.swapFeeBps = String(options.fee.bps)
      query.swapFeeToken = request.buyToken
    }
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value)
    const json = await fetchSwapJson({
      provider: id,
      url,
      headers: { '0x-version': 'v2', ...(options.apiKey && { '0x-api-key': options.apiKey }) },
      fetch: options.fetch,
      timeoutMs: options.timeoutMs ?? 10_000,
      signal: call?.signal,
      mapError(_status, body) {
        const parsed = zeroExErrorSchema.safeParse(body)
        if (!parsed.success) return undefined
        if (parsed.data.name === 'INSUFFICIENT_BALANCE') return new SwapInsufficientBalanceError()
        if (/LIQUIDITY/.test(parsed.data.name)) return new SwapNoLiquidityError()
        return undefined
      },
    })
    const parsed = zeroExAnswerSchema.safeParse(json)
    if (!parsed.success)
      throw new SwapProviderError({ provider: id, status: 200, details: parsed.error.message })
    if (!parsed.data.liquidityAvailable) throw new SwapNoLiquidityError()
    if (parsed.data.issues?.balance) throw new SwapInsufficientBalanceError()
    return parsed.data
  }

  function toQuote(request: SwapRequest, answer: ZeroExAnswer): SwapQuote {
    const fee = answer.fees?.integratorFee
    return {
      provider: id,
      chainId: request.chainId,
      sellToken: answer.sellToken,
      buyToken: answer.buyToken,
      sellAmount: answer.sellAmount,
      buyAmount: answer.buyAmount,
      minBuyAmount: answer.minBuyAmount,
      fee: fee ? { token: fee.token, amount: fee.amount } : undefined,
      spender: answer.allowanceTarget ?? undefined,
    }
  }

  return {
    id,
    supportsChain: (chainId) => trusted[chainId] !== undefined,
    contracts,
    async quote(request, call) {
      return toQuote(request, await ask('price', request, call))
    },
    async build(request, call): Promise<SwapBuild> {
      const answer = await ask('quote', request, call)
      const { transaction: tx, permit2 } = answer
      if (!tx)
        throw new SwapProviderError({ provider: id, status: 200, details: 'No transaction.' })
      const quote = toQuote(request, answer)
      const transaction = {
        chainId: request.chainId,
        from: request.taker,
        to: tx.to,
        data: tx.data,
        value: tx.value,
        gas: tx.gas ?? undefined,
      }
      if (mode === 'allowance-holder' || !permit2)
        return { kind: 'transaction', quote, transaction }
      const { domain, message } = permit2.eip712
      return {
        kind: 'signature',
        quote,
        transaction,
        typedData: {
          domain: { ...domain, chainId: Number(domain.chainId) },
          types: permit2Types,
          primaryType: 'PermitTransferFrom',
          message,
        },
        complete: (signature: Hex) => ({
          ...transaction,
          data: concat([transaction.data, numberToHex(size(signature), { size: 32 }), signature]),
        }),
      }
    },
  }
}
