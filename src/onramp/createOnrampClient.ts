import type * as z from 'zod/mini'
import { deserializeError } from '../errors/deserializeError'
import { fromErrorBody } from '../errors/fromErrorBody'
import { OnrampProviderError } from '../errors/OnrampProviderError'
import { serverErrorRegistry } from '../errors/serverErrorRegistry'
import { onrampOptionsSchema, onrampQuotesSchema, onrampSessionAnswerSchema } from './onrampSchemas'
import type {
  OnrampOptions,
  OnrampQuote,
  OnrampQuoteRequest,
  OnrampSession,
  OnrampSessionRequest,
} from './onrampTypes'

/** The page's side of `latchkey serve`'s on-ramp routes (server/API.md "Buy with card"). */
export interface OnrampClient {
  /** The server's base URL, without a trailing slash. */
  url: string
  options(): Promise<OnrampOptions>
  /** Every provider's price, the most tokens first. */
  quotes(request: OnrampQuoteRequest, signal?: AbortSignal): Promise<OnrampQuote[]>
  /** Starts a purchase: the server prices it again and answers the provider's page. */
  createSession(request: OnrampSessionRequest): Promise<OnrampSession>
  session(id: string): Promise<OnrampSession>
}

/** Parameters of {@link createOnrampClient}. */
export interface CreateOnrampClientParameters {
  /** Base URL of a `latchkey serve` started with `--onramp`. */
  url: string
  /** Sent as `?projectId=`: the server checks the page's origin against the project's. */
  projectId?: string | undefined
  fetch?: typeof globalThis.fetch | undefined
  /** @default 15_000 */
  timeoutMs?: number | undefined
}

/**
 * An {@link OnrampClient} of the server at `url`. Errors keep their names across the wire
 * (`OnrampAmountError`, `OnrampNotSupportedError`, `RateLimitedError`…); no answer, or one that
 * is not the expected shape, is an `OnrampProviderError`.
 * @example const client = createOnrampClient({ url: 'https://wallet.example' })
 */
export function createOnrampClient(parameters: CreateOnrampClientParameters): OnrampClient {
  const base = parameters.url.replace(/\/$/, '')
  const call = async <T>(
    schema: z.ZodMiniType<T>,
    path: string,
    query: Record<string, string>,
    init: RequestInit = {},
  ): Promise<T> => {
    const url = new URL(`${base}/v1/onramp${path}`)
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
    if (parameters.projectId) url.searchParams.set('projectId', parameters.projectId)
    const signals = [AbortSignal.timeout(parameters.timeoutMs ?? 15_000)]
    if (init.signal) signals.push(init.signal)
    let response: Response
    let body: unknown
    try {
      response = await (parameters.fetch ?? globalThis.fetch)(url, {
        ...init,
        headers: {
          accept: 'application/json',
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
        signal: AbortSignal.any(signals),
        credentials: 'omit',
        redirect: 'error',
      })
      body = await response.json().catch(() => undefined)
    } catch (cause) {
      if (init.signal?.aborted) throw init.signal.reason
      throw new OnrampProviderError({ provider: 'latchkey', status: 0, cause })
    }
    if (!response.ok) {
      const house = fromErrorBody(body)
      throw house
        ? deserializeError(house, {
            registry: serverErrorRegistry,
            fallback: (error) =>
              new OnrampProviderError({
                provider: 'latchkey',
                status: response.status,
                details: error.message,
              }),
          })
        : new OnrampProviderError({ provider: 'latchkey', status: response.status })
    }
    const parsed = schema.safeParse(body)
    if (!parsed.success)
      throw new OnrampProviderError({
        provider: 'latchkey',
        status: response.status,
        details: 'The answer is not what the on-ramp API answers.',
      })
    return parsed.data
  }
  return {
    url: base,
    options: () => call(onrampOptionsSchema, '/options', {}),
    async quotes(request, signal) {
      const { quotes } = await call(
        onrampQuotesSchema,
        '/quotes',
        { ...request, chainId: String(request.chainId) },
        { signal },
      )
      return quotes
    },
    async createSession(request) {
      const answer = await call(
        onrampSessionAnswerSchema,
        '/sessions',
        {},
        {
          method: 'POST',
          body: JSON.stringify(request),
        },
      )
      return answer.session
    },
    async session(id) {
      const answer = await call(
        onrampSessionAnswerSchema,
        `/sessions/${encodeURIComponent(id)}`,
        {},
      )
      return answer.session
    },
  }
}
