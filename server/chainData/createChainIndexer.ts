import type { ServerContext } from '../context'
import type { ChainIndexer } from './chainIndexerTypes'
import { syncChainIndex } from './syncChainIndex'

export type { ChainIndexer } from './chainIndexerTypes'

/** Between failed runs: the interval, doubling up to this. */
const maxBackoffMs = 60_000

/**
 * One runner per chain of `chainData.chains` that has an RPC URL: it runs `syncChainIndex` (which
 * stores each range and its cursor together, so a restart resumes where the last stored range
 * ended and nothing is counted twice), at once again while it is behind the safe head (catching
 * up `maxBlocksPerSync` blocks at a time), then every `indexIntervalMs`. A failure is logged
 * once per streak and retried later. Runs of one chain never overlap, with each other or with a
 * history request's own sync (`context.serialize`). Its timers do not keep the process alive.
 */
export function createChainIndexer(context: ServerContext): ChainIndexer {
  const interval = context.options.chainData.indexIntervalMs
  const configured = Object.keys(context.options.chainData.chains).map(Number)
  const rpc = new Set(context.chains.ids())
  const ids = interval > 0 ? configured.filter((id) => rpc.has(id)).sort((a, b) => a - b) : []
  let stopped = false
  const timers = new Map<number, ReturnType<typeof setTimeout>>()
  const running = new Map<number, Promise<void>>()
  const waiting = new Map<number, (() => void)[]>()

  function schedule(chainId: number, delay: number, failures: number): void {
    if (stopped) return
    const timer = setTimeout(() => {
      timers.delete(chainId)
      const run = runOnce(chainId, failures)
      running.set(chainId, run)
      void run.finally(() => running.delete(chainId))
    }, delay)
    timer.unref?.()
    timers.set(chainId, timer)
  }

  async function runOnce(chainId: number, failures: number): Promise<void> {
    const wake = waiting.get(chainId) ?? []
    waiting.delete(chainId)
    try {
      const state = await syncChainIndex(context, chainId)
      schedule(chainId, state.nextBlock <= state.safeHead ? 0 : interval, 0)
    } catch (error) {
      if (failures === 0)
        context.logger.warn(
          `Indexer of chain ${chainId}: ${error instanceof Error ? error.message : String(error)} (retrying).`,
        )
      schedule(chainId, Math.min(maxBackoffMs, interval * 2 ** (failures + 1)), failures + 1)
    } finally {
      for (const resolve of wake) resolve()
    }
  }

  for (const chainId of ids) schedule(chainId, 0, 0)

  return {
    chainIds: () => [...ids],
    async settled() {
      await Promise.all(
        ids.map(
          (chainId) =>
            new Promise<void>((resolve) => {
              if (stopped) return resolve()
              // A run already going started before this call: wait for the one after it.
              const after = running.get(chainId)
              const enqueue = () => waiting.set(chainId, [...(waiting.get(chainId) ?? []), resolve])
              if (after) void after.finally(enqueue)
              else enqueue()
            }),
        ),
      )
    },
    async stop() {
      stopped = true
      for (const timer of timers.values()) clearTimeout(timer)
      timers.clear()
      for (const list of waiting.values()) for (const resolve of list) resolve()
      waiting.clear()
      await Promise.all([...running.values()].map((run) => run.catch(() => undefined)))
    },
  }
}
