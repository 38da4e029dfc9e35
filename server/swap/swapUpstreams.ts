import type { SwapOptions } from './swapOptions'

/** How one provider's calls are forwarded: which paths, which query parameters, which key header. */
export interface SwapUpstream {
  /** The path segment after `/v1/swap/`. */
  id: '0x' | '1inch'
  baseUrl: string
  /** The path under the provider's root, or undefined when it is not forwarded. */
  matchPath(path: string): { path: string; price: boolean } | undefined
  /** Query parameters a page may send. */
  params: ReadonlySet<string>
  headers: Record<string, string>
  /** Overwrites the fee parameters with the operator's fee, when one is set. */
  applyFee(query: URLSearchParams): void
}

const zeroExPath = /^\/swap\/(allowance-holder|permit2)\/(price|quote)$/
const oneInchPath = /^\/swap\/v6\.0\/(\d{1,12})\/(quote|swap)$/

/** The configured providers of the `swap` option, by their path segment. */
export function swapUpstreams(options: SwapOptions): Map<string, SwapUpstream> {
  const upstreams = new Map<string, SwapUpstream>()
  const { zeroEx, oneInch } = options
  if (zeroEx)
    upstreams.set('0x', {
      id: '0x',
      baseUrl: zeroEx.baseUrl.replace(/\/$/, ''),
      matchPath(path) {
        const match = zeroExPath.exec(path)
        return match ? { path, price: match[2] === 'price' } : undefined
      },
      params: new Set([
        'chainId',
        'sellToken',
        'buyToken',
        'sellAmount',
        'taker',
        'txOrigin',
        'recipient',
        'slippageBps',
        'excludedSources',
        'swapFeeRecipient',
        'swapFeeBps',
        'swapFeeToken',
      ]),
      headers: { '0x-api-key': zeroEx.apiKey, '0x-version': 'v2' },
      applyFee(query) {
        const { fee } = zeroEx
        if (!fee) return
        query.set('swapFeeRecipient', fee.recipient)
        query.set('swapFeeBps', String(fee.bps))
        query.set('swapFeeToken', query.get('buyToken') ?? '')
      },
    })
  if (oneInch)
    upstreams.set('1inch', {
      id: '1inch',
      baseUrl: oneInch.baseUrl.replace(/\/$/, ''),
      matchPath(path) {
        const match = oneInchPath.exec(path)
        return match ? { path, price: match[2] === 'quote' } : undefined
      },
      params: new Set([
        'src',
        'dst',
        'amount',
        'from',
        'origin',
        'receiver',
        'slippage',
        'protocols',
        'fee',
        'referrer',
        'includeGas',
        'disableEstimate',
        'allowPartialFill',
      ]),
      headers: { authorization: `Bearer ${oneInch.apiKey}` },
      applyFee(query) {
        const { fee } = oneInch
        if (!fee) return
        query.set('fee', String(fee.bps / 100))
        query.set('referrer', fee.recipient)
      },
    })
  return upstreams
}
