import type { FaultState } from './faults'

/** One connection's outgoing deliveries, shaped by the delay, duplicate and reorder faults. */
export interface Outbox {
  push(frame: string): void
  /** Drops everything still held (the socket is gone). */
  close(): void
}

/** How long reordered deliveries are held before they go out, newest first. */
export const reorderWindowMs = 15

/** Creates an outbox that hands frames to `send` once the faults allow. */
export function createOutbox(send: (frame: string) => void, faults: FaultState): Outbox {
  const timers = new Set<ReturnType<typeof setTimeout>>()
  let held: string[] = []
  let flushing = false
  let closed = false

  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer)
      if (!closed) run()
    }, ms)
    timers.add(timer)
    return timer
  }

  const emit = (frame: string) => {
    send(frame)
    if (faults.duplicates) send(frame)
  }

  const flush = () => {
    const batch = held.reverse()
    held = []
    flushing = false
    for (const frame of batch) emit(frame)
  }

  const enqueue = (frame: string) => {
    if (!faults.reorders) return emit(frame)
    held.push(frame)
    if (flushing) return
    flushing = true
    later(reorderWindowMs, flush)
  }

  return {
    push(frame) {
      if (closed) return
      if (faults.delayMs > 0) later(faults.delayMs, () => enqueue(frame))
      else enqueue(frame)
    },
    close() {
      closed = true
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      held = []
    },
  }
}
