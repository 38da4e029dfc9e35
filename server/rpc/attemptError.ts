import { ChainRequestFailedError } from '../../src/errors/ChainRequestFailedError'
import { RateLimitedError } from '../../src/errors/RateLimitedError'

/** A JSON-RPC error object as a node sends it. */
export interface RpcErrorObject {
  code: number
  message: string
  data?: unknown
}

/** JSON-RPC codes nodes use for "too many requests" (429, -32005 limit exceeded, -32007 QuickNode). */
const rateLimitCodes = new Set([429, -32005, -32007])

/** One failed attempt at the node, before the transport decides to retry or to give up. */
export class AttemptError extends Error {
  override name = 'AttemptError'
  /** `network`: no (whole) answer; `http`: a non-2xx status; `rpc`: a JSON-RPC error object. */
  kind: 'network' | 'http' | 'rpc'
  status?: number | undefined
  /** The node's Retry-After in ms, when it sent a usable one. */
  retryAfterMs?: number | undefined
  rpc?: RpcErrorObject | undefined

  constructor(args: {
    kind: 'network' | 'http' | 'rpc'
    status?: number | undefined
    retryAfterMs?: number | undefined
    rpc?: RpcErrorObject | undefined
    cause?: unknown
  }) {
    super(args.rpc?.message ?? (args.status ? `HTTP ${args.status}` : 'network error'), {
      cause: args.cause,
    })
    this.kind = args.kind
    this.status = args.status
    this.retryAfterMs = args.retryAfterMs
    this.rpc = args.rpc
    // viem reads revert data from the deepest error of a chain: keep the node's code and data here.
    if (args.rpc) {
      this.code = args.rpc.code
      this.data = args.rpc.data
    }
  }

  /** The node's JSON-RPC code and data, when it answered with an error. */
  code?: number | undefined
  data?: unknown

  /** The node said "too many requests" (HTTP 429 or a rate-limit JSON-RPC code). */
  get rateLimited(): boolean {
    return this.status === 429 || (this.rpc !== undefined && rateLimitCodes.has(this.rpc.code))
  }

  /**
   * Whether a read may be tried again: network errors, 408, 5xx (but not 501/505) and rate
   * limits. A JSON-RPC error the node gave (4001, 4100, -32602, execution reverted…) and other
   * HTTP statuses (401, 403, 404…) are answers, never retried.
   */
  get retryable(): boolean {
    if (this.rateLimited) return true
    if (this.kind === 'network') return true
    if (this.rpc !== undefined) return false
    const status = this.status ?? 0
    return status === 408 || (status >= 500 && status !== 501 && status !== 505)
  }

  /** The typed error a caller gets once the transport gives up. */
  toTyped(fallbackRetryAfterMs: number): RateLimitedError | ChainRequestFailedError {
    if (this.rateLimited)
      return new RateLimitedError({
        retryAfterMs: this.retryAfterMs ?? fallbackRetryAfterMs,
        cause: this,
      })
    if (this.rpc)
      return new ChainRequestFailedError({
        code: this.rpc.code,
        message: this.rpc.message,
        data: this.rpc.data,
        cause: this,
      })
    return new ChainRequestFailedError({
      message:
        this.kind === 'network'
          ? 'The chain node could not be reached'
          : `The chain node answered HTTP ${this.status}`,
      cause: this,
    })
  }
}

/** The JSON-RPC error object in `value`, when it holds a well-formed one. */
export function rpcErrorOf(value: unknown): RpcErrorObject | undefined {
  const error = (value as { error?: unknown } | null)?.error as Record<string, unknown> | undefined
  if (!error || typeof error !== 'object' || typeof error.code !== 'number') return undefined
  return {
    code: error.code,
    message: typeof error.message === 'string' ? error.message : 'RPC request failed',
    ...(error.data === undefined ? {} : { data: error.data }),
  }
}

/**
 * Whether `error` (a typed error of the transport) is the node's own refusal of the request: a
 * JSON-RPC error in a 2xx or plain 4xx answer. Anything else (no answer, a 5xx, a 429, a timeout)
 * leaves open whether the node acted on it.
 */
export function isNodeRefusal(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 10 && current; depth++) {
    if (current instanceof AttemptError) {
      if (!current.rpc || current.rateLimited) return false
      const status = current.status ?? 200
      return status < 500 && status !== 408
    }
    current = (current as { cause?: unknown }).cause
  }
  return false
}
