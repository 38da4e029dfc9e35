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

/**
 * Runs `tasks` with at most `limit` in flight, keeping their order in the result. Starts are
 * `spacingMs` apart: sign-client 2.21.8 makes request ids from the millisecond plus three random
 * digits, so requests started in the same millisecond can share an id, and then one answer
 * settles both.
 */
export async function pool<T>(
  tasks: (() => Promise<T>)[],
  limit: number,
  spacingMs = 3,
): Promise<T[]> {
  const results: T[] = new Array(tasks.length)
  let next = 0
  let gate = Promise.resolve()
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++
      const turn = gate.then(() => new Promise<void>((r) => setTimeout(r, spacingMs)))
      gate = turn
      await turn
      results[index] = await (tasks[index] as () => Promise<T>)()
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker))
  return results
}

/** The parts of a sign client's core this file tunes. */
interface CoreHolder {
  core: {
    heartbeat: { stop(): void; init(): Promise<void> }
    relayer: { publisher: unknown; events: { setMaxListeners(n: number): unknown } }
  }
}

/**
 * Shortens core's publish retry. Core 2.21.8 waits 15 s for a publish's ack, then queues the
 * publish and sends it again on its next heartbeat (every 5 s): a socket dropped with a publish
 * in flight stalls that request for 15 to 20 s. Here the wait is `ackMs` and the heartbeat
 * `pulseSeconds`; the retry path itself is unchanged. For fault tests that must fit a budget.
 */
export async function quickenCoreRetries(client: CoreHolder, ackMs = 1_000, pulseSeconds = 1) {
  shortenPublishRetry(client, ackMs)
  const heartbeat = client.core.heartbeat as CoreHolder['core']['heartbeat'] & { interval: number }
  heartbeat.stop()
  heartbeat.interval = pulseSeconds
  await heartbeat.init()
}

/** Only the first half of `quickenCoreRetries`: core's wait for a publish's ack becomes `ms`. */
export function shortenPublishRetry(client: Pick<CoreHolder, 'core'>, ms: number) {
  const publisher = client.core.relayer.publisher as { initialPublishTimeout: number }
  publisher.initialPublishTimeout = ms
  // Every request in flight waits on one relayer listener; many at once is expected here.
  client.core.relayer.events.setMaxListeners(0)
}
