import type { ResolvedServerOptions } from '../options'

// The chain transport's types, apart from its code: the clients and tests import them from here.

/** Settings of one chain's transport: the server's `rpc` option, and test seams. */
export type ChainTransportOptions = ResolvedServerOptions['rpc'] & {
  now?: (() => number) | undefined
  random?: (() => number) | undefined
}

/** Per call: a caller's cancellation, another deadline, a hook run just before each HTTP request. */
export interface ChainCallOptions {
  signal?: AbortSignal | undefined
  timeoutMs?: number | undefined
  onAttempt?: (() => void) | undefined
}

/** Counters of what the transport did (for figures and logs). */
export interface ChainTransportStats {
  /** HTTP requests made (a batch counts once). */
  httpRequests: number
  /** Retries of reads. */
  retries: number
  /** Time spent waiting before retries (backoff and Retry-After), in ms. */
  retryWaitMs: number
  /** Calls refused by the request budget or a Retry-After above the cap. */
  rateLimited: number
}

/** JSON-RPC over HTTP to one chain's node (made by `createChainTransport`). */
export interface ChainTransport {
  request(method: string, params: unknown, options?: ChainCallOptions): Promise<unknown>
  readonly stats: ChainTransportStats
}
