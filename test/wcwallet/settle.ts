/** A request that got no answer within its deadline. */
export class RequestTimeoutError extends Error {
  override name = 'RequestTimeoutError'
  constructor(readonly ms: number) {
    super(`No answer within ${ms} ms.`)
  }
}

/** How one request ended. */
export type Settled<T> = { result: T } | { error: unknown }

/** Runs `run` with a deadline; never rejects, so every request settles into a value. */
export async function settle<T>(run: () => Promise<T>, ms: number): Promise<Settled<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RequestTimeoutError(ms)), ms)
  })
  try {
    return { result: await Promise.race([run(), deadline]) }
  } catch (error) {
    return { error }
  } finally {
    clearTimeout(timer)
  }
}

/** Runs `tasks` with at most `limit` in flight, keeping their order in the result. */
export async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length)
  let next = 0
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++
      results[index] = await (tasks[index] as () => Promise<T>)()
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker))
  return results
}

/** The part of a sign client this file tunes. */
interface CoreHolder {
  core: { relayer: { publisher: unknown; events: { setMaxListeners(n: number): unknown } } }
}

/**
 * Shortens how long core waits for a publish's ack before it queues the publish for a retry.
 * Core 2.21.8 waits 15 s, then retries on its 5 s heartbeat: a socket dropped with a publish in
 * flight stalls that request for 15 to 20 s. The retry path is unchanged; only its first wait
 * is shorter, so fault tests fit in their time budget.
 */
export function shortenPublishRetry(client: CoreHolder, ms: number) {
  const publisher = client.core.relayer.publisher as { initialPublishTimeout: number }
  publisher.initialPublishTimeout = ms
  // Every request in flight waits on one relayer listener; many at once is expected here.
  client.core.relayer.events.setMaxListeners(0)
}
