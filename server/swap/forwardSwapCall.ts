import { SwapProviderError } from '../../src/errors/SwapProviderError'
import type { SwapUpstream } from './swapUpstreams'

/** Largest upstream answer passed on. */
const maxAnswerBytes = 1024 * 1024
/** Most cached price answers kept at once. */
const maxCached = 500

/** An upstream answer as it is passed on: status, JSON text and the retry hint of a 429. */
export interface ForwardedAnswer {
  status: number
  body: string
  retryAfter?: string | undefined
}

/** Forwards swap calls upstream with the provider's key, reusing price answers for a while. */
export interface SwapForwarder {
  forward(
    upstream: SwapUpstream,
    path: string,
    query: URLSearchParams,
    price: boolean,
  ): Promise<ForwardedAnswer>
}

/**
 * A forwarder: each call goes to the provider's API with only the provider's own headers (the
 * key; nothing of the page's request), a deadline, no redirects, and a size cap; a 200 answer of
 * a price call is reused for `priceCacheMs` (same provider, path and query). An upstream that
 * does not answer, or answers too much or no JSON, is a `SwapProviderError` (502).
 */
export function createSwapForwarder(settings: {
  priceCacheMs: number
  timeoutMs: number
  now(): number
  fetch?: typeof globalThis.fetch
}): SwapForwarder {
  const cache = new Map<string, { until: number; answer: ForwardedAnswer }>()
  return {
    async forward(upstream, path, query, price) {
      query.sort()
      const url = `${upstream.baseUrl}${path}?${query}`
      const key = `${upstream.id} ${url}`
      const now = settings.now()
      const cached = price ? cache.get(key) : undefined
      if (cached && cached.until > now) return cached.answer
      let response: Response
      let body: string
      try {
        response = await (settings.fetch ?? globalThis.fetch)(url, {
          headers: { accept: 'application/json', ...upstream.headers },
          signal: AbortSignal.timeout(settings.timeoutMs),
          redirect: 'error',
        })
        body = await response.text()
      } catch (cause) {
        throw new SwapProviderError({ provider: upstream.id, status: 0, cause })
      }
      if (body.length > maxAnswerBytes || !isJson(body))
        throw new SwapProviderError({
          provider: upstream.id,
          status: response.status,
          details: 'The answer is too large or not JSON.',
        })
      const answer = {
        status: response.status,
        body,
        retryAfter: response.headers.get('retry-after') ?? undefined,
      }
      if (price && response.status === 200 && settings.priceCacheMs > 0) {
        cache.delete(key)
        cache.set(key, { until: now + settings.priceCacheMs, answer })
        if (cache.size > maxCached) cache.delete(cache.keys().next().value as string)
      }
      return answer
    },
  }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}
