import type { BaseError } from '../errors/base'
import { deserializeError } from '../errors/deserializeError'
import { fromErrorBody } from '../errors/fromErrorBody'
import { RateLimitedError } from '../errors/RateLimitedError'
import { SwapProviderError } from '../errors/SwapProviderError'
import { SwapProviderUnauthorizedError } from '../errors/SwapProviderUnauthorizedError'
import { serverErrorRegistry } from '../errors/serverErrorRegistry'

/** Largest answer read from a swap provider. */
const maxAnswerChars = 2 * 1024 * 1024

/** Parameters of {@link fetchSwapJson}. */
export interface FetchSwapJsonParameters {
  provider: string
  url: URL
  headers: Record<string, string>
  fetch?: typeof globalThis.fetch | undefined
  timeoutMs: number
  signal?: AbortSignal | undefined
  /** The typed error of a provider's own error answer, or undefined when it means nothing known. */
  mapError(status: number, body: unknown): BaseError | undefined
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** Seconds of a `Retry-After` header (a number; a date is read as 1 s). */
function retryAfterMs(value: string | null): number {
  const seconds = Number(value)
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000
}

/**
 * GETs a provider's JSON (directly or through `latchkey serve`) and returns it on 2xx. Errors
 * keep one meaning on every wire: a Latchkey error body (the server's own refusal) becomes its
 * class again; a provider's 401/403 `SwapProviderUnauthorizedError`, 429 `RateLimitedError`;
 * the provider's own error shapes go through `mapError`; the rest is a `SwapProviderError`.
 */
export async function fetchSwapJson(parameters: FetchSwapJsonParameters): Promise<unknown> {
  const { provider, url } = parameters
  const signals = [AbortSignal.timeout(parameters.timeoutMs)]
  if (parameters.signal) signals.push(parameters.signal)
  let response: Response
  let text: string
  try {
    response = await (parameters.fetch ?? globalThis.fetch)(url, {
      headers: { accept: 'application/json', ...parameters.headers },
      signal: AbortSignal.any(signals),
      redirect: 'error',
    })
    text = await response.text()
  } catch (cause) {
    if (parameters.signal?.aborted) throw parameters.signal.reason
    throw new SwapProviderError({ provider, status: 0, cause })
  }
  if (text.length > maxAnswerChars)
    throw new SwapProviderError({ provider, status: response.status, details: 'Answer too large.' })
  const body = parseJson(text)
  if (response.ok) {
    if (body === undefined)
      throw new SwapProviderError({ provider, status: response.status, details: 'Not JSON.' })
    return body
  }
  const house = fromErrorBody(body)
  if (house)
    throw deserializeError(house, {
      registry: serverErrorRegistry,
      fallback: (error) =>
        new SwapProviderError({ provider, status: response.status, details: error.message }),
    })
  if (response.status === 401 || response.status === 403)
    throw new SwapProviderUnauthorizedError({ provider })
  if (response.status === 429)
    throw new RateLimitedError({ retryAfterMs: retryAfterMs(response.headers.get('retry-after')) })
  throw (
    parameters.mapError(response.status, body) ??
    new SwapProviderError({ provider, status: response.status, details: text.slice(0, 200) })
  )
}
