import { BatchResponseError } from '../../src/errors/BatchResponseError'
import { ChainTimeoutError } from '../../src/errors/ChainTimeoutError'
import { RateLimitedError } from '../../src/errors/RateLimitedError'
import { ResponseTooLargeError } from '../../src/errors/ResponseTooLargeError'
import { type CallScope, openCallScope, sleep } from './abortable'
import { AttemptError, rpcErrorOf } from './attemptError'
import { backoffDelay, secureRandom } from './backoff'
import type {
  ChainCallOptions,
  ChainTransport,
  ChainTransportOptions,
  ChainTransportStats,
} from './chainTransportTypes'
import { createTokenBucket } from './createTokenBucket'
import { readLimitedBody } from './readLimitedBody'
import { parseRetryAfter } from './retryAfter'

/**
 * Methods that change nothing: only these are retried or batched. Solana's `sendTransaction` (and
 * the test faucet) count as sends: a repeat of the same bytes is harmless on the cluster, but its
 * answer ("already processed") would hide the first one's.
 */
export function isIdempotent(method: string): boolean {
  return !/^(eth_send|eth_sign|personal_|wallet_|anvil_|hardhat_|evm_|debug_|admin_|miner_|sendTransaction$|requestAirdrop$)/.test(
    method,
  )
}

type Member = {
  id: number
  method: string
  params: unknown
  signal: AbortSignal
  onAttempt?: (() => void) | undefined
  resolve(value: unknown): void
  reject(error: unknown): void
}

/** A node's answer to one request: its result, or its JSON-RPC error as an AttemptError. */
function settleEntry(entry: unknown, method: string): unknown {
  const error = rpcErrorOf(entry)
  if (error) throw new AttemptError({ kind: 'rpc', rpc: error })
  if (!entry || typeof entry !== 'object' || !('result' in entry))
    throw new BatchResponseError({ reason: 'malformed', method })
  return (entry as { result: unknown }).result
}

/**
 * The server's JSON-RPC client for one chain: a deadline per call (retries and waits included;
 * `ChainTimeoutError`), retries of idempotent reads only (network errors, 5xx, 429: full-jitter
 * exponential backoff, or the node's `Retry-After` up to `maxRetryAfterMs`, above which the call
 * fails at once with `RateLimitedError`), a token bucket per chain, a response size cap
 * (`ResponseTooLargeError`), and reads of one tick batched with answers matched by id
 * (`BatchResponseError` for a missing or doubled answer; a batch the node refuses is split).
 */
export function createChainTransport(url: string, options: ChainTransportOptions): ChainTransport {
  const now = options.now ?? Date.now
  const random = options.random ?? secureRandom
  const bucket = createTokenBucket({
    ratePerSecond: options.requestsPerSecond,
    burst: options.burst,
    now,
    random,
  })
  const stats: ChainTransportStats = { httpRequests: 0, retries: 0, retryWaitMs: 0, rateLimited: 0 }
  let nextId = 1
  let maxBatch = options.batchSize
  let queue: Member[] = []
  let flushing = false

  /** One HTTP POST; the parsed JSON of a 2xx answer, or an AttemptError. */
  async function post(body: unknown, signal: AbortSignal): Promise<unknown> {
    stats.httpRequests++
    let response: Response
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal,
      })
    } catch (cause) {
      if (signal.aborted) throw signal.reason
      throw new AttemptError({ kind: 'network', cause })
    }
    let text: string
    try {
      text = await readLimitedBody(response, options.maxResponseBytes)
    } catch (cause) {
      if (signal.aborted) throw signal.reason
      if (cause instanceof ResponseTooLargeError) throw cause
      throw new AttemptError({ kind: 'network', cause })
    }
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
    if (!response.ok)
      throw new AttemptError({
        kind: 'http',
        status: response.status,
        retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), now()),
        rpc: rpcErrorOf(json),
      })
    if (json === undefined) throw new BatchResponseError({ reason: 'malformed', method: 'batch' })
    return json
  }

  /** One request on its own: the answer must carry its id (or be the node's id-less error). */
  async function sendOne(member: Member): Promise<void> {
    try {
      member.onAttempt?.()
      const json = await post(
        { jsonrpc: '2.0', id: member.id, method: member.method, params: member.params },
        member.signal,
      )
      const entry = Array.isArray(json)
        ? json.find((item) => (item as { id?: unknown })?.id === member.id)
        : json
      const id = (entry as { id?: unknown } | undefined)?.id
      if (entry === undefined || (id !== member.id && !(id === null && rpcErrorOf(entry))))
        throw new BatchResponseError({ reason: 'missing', method: member.method })
      member.resolve(settleEntry(entry, member.method))
    } catch (error) {
      member.reject(error)
    }
  }

  /** A JSON-RPC batch; answers matched by id, a refused batch split in halves. */
  async function sendBatch(members: Member[]): Promise<void> {
    const first = members[0]
    if (members.length === 1 && first) return sendOne(first)
    const controller = new AbortController()
    let live = members.length
    const release = () => {
      live--
      if (live === 0) controller.abort()
    }
    for (const member of members)
      if (member.signal.aborted) release()
      else member.signal.addEventListener('abort', release, { once: true })
    const split = async () => {
      maxBatch = Math.max(1, Math.floor(members.length / 2))
      const half = Math.ceil(members.length / 2)
      await Promise.all([sendBatch(members.slice(0, half)), sendBatch(members.slice(half))])
    }
    let json: unknown
    try {
      for (const member of members) member.onAttempt?.()
      json = await post(
        members.map(({ id, method, params }) => ({ jsonrpc: '2.0', id, method, params })),
        controller.signal,
      )
    } catch (error) {
      for (const member of members) member.signal.removeEventListener('abort', release)
      if (error instanceof AttemptError && error.status === 413) return split()
      for (const member of members) member.reject(error)
      return
    }
    for (const member of members) member.signal.removeEventListener('abort', release)
    if (!Array.isArray(json)) {
      // One error object for the whole batch (erigon#17245): a refusal of its size, or a limit.
      const error = rpcErrorOf(json)
      if (error && !new AttemptError({ kind: 'rpc', rpc: error }).rateLimited) return split()
      for (const member of members)
        member.reject(
          error
            ? new AttemptError({ kind: 'rpc', rpc: error })
            : new BatchResponseError({ reason: 'malformed', method: member.method }),
        )
      return
    }
    const byId = new Map<unknown, unknown[]>()
    for (const entry of json) {
      const id = (entry as { id?: unknown } | null)?.id
      byId.set(id, [...(byId.get(id) ?? []), entry])
    }
    for (const member of members) {
      const entries = byId.get(member.id) ?? []
      try {
        if (entries.length === 0)
          throw new BatchResponseError({ reason: 'missing', method: member.method })
        if (entries.length > 1)
          throw new BatchResponseError({ reason: 'duplicate', method: member.method })
        member.resolve(settleEntry(entries[0], member.method))
      } catch (error) {
        member.reject(error)
      }
    }
  }

  function flush() {
    flushing = false
    const pending = queue.filter((member) => !member.signal.aborted)
    queue = []
    for (let start = 0; start < pending.length; start += maxBatch)
      void sendBatch(pending.slice(start, start + maxBatch))
  }

  /** One attempt: batched with the other reads of this tick, or alone. */
  function attempt(
    method: string,
    params: unknown,
    scope: CallScope,
    onAttempt: (() => void) | undefined,
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      let settled = false
      const onAbort = () => finish(() => reject(scope.signal.reason))
      const finish = (settle: () => void) => {
        if (settled) return
        settled = true
        scope.signal.removeEventListener('abort', onAbort)
        settle()
      }
      scope.signal.addEventListener('abort', onAbort, { once: true })
      const member: Member = {
        id: nextId++,
        method,
        params,
        signal: scope.signal,
        onAttempt,
        resolve: (value) => finish(() => resolve(value)),
        reject: (error) => finish(() => reject(error)),
      }
      if (options.batchSize <= 1 || !isIdempotent(method)) {
        void sendOne(member)
        return
      }
      queue.push(member)
      if (!flushing) {
        flushing = true
        setTimeout(flush, 0)
      }
    })
  }

  async function request(
    method: string,
    params: unknown,
    callOptions: ChainCallOptions = {},
  ): Promise<unknown> {
    const timeoutMs = callOptions.timeoutMs ?? options.timeoutMs
    const scope = openCallScope(
      timeoutMs,
      now(),
      () => new ChainTimeoutError({ method, timeoutMs }),
      callOptions.signal,
    )
    const retries = isIdempotent(method) ? options.retries : 0
    try {
      for (let retry = 0; ; retry++) {
        const slot = bucket.reserve(scope.deadline)
        if ('retryAfterMs' in slot) {
          stats.rateLimited++
          throw new RateLimitedError({ retryAfterMs: slot.retryAfterMs })
        }
        if (slot.waitMs > 0) await sleep(slot.waitMs, scope.signal)
        try {
          return await attempt(method, params, scope, callOptions.onAttempt)
        } catch (error) {
          if (!(error instanceof AttemptError)) throw error
          const backoff = backoffDelay(retry, options.backoffMs, random)
          if (!error.retryable || retry >= retries) throw error.toTyped(backoff)
          const wait = error.retryAfterMs ?? backoff
          if (
            error.retryAfterMs !== undefined &&
            (error.retryAfterMs > options.maxRetryAfterMs || now() + wait > scope.deadline)
          ) {
            stats.rateLimited++
            throw new RateLimitedError({ retryAfterMs: error.retryAfterMs, cause: error })
          }
          stats.retries++
          stats.retryWaitMs += wait
          await sleep(wait, scope.signal)
        }
      }
    } finally {
      scope.close()
    }
  }

  return { request, stats }
}
