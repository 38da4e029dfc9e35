/** A queue of events a test can wait on: `next()` takes the oldest not yet taken. */
export interface Waiters<T> {
  push(item: T): void
  /** The oldest item not taken yet, or the next one to arrive. */
  next(): Promise<T>
  /** The first item (seen before or arriving later) that matches. */
  until(match: (item: T) => boolean): Promise<T>
}

/** Creates an empty queue. */
export function createWaiters<T>(): Waiters<T> {
  const seen: T[] = []
  const queued: T[] = []
  const waiting: { match: (item: T) => boolean; take: boolean; resolve: (item: T) => void }[] = []

  return {
    push(item) {
      seen.push(item)
      let taken = false
      for (const waiter of [...waiting]) {
        if (!waiter.match(item) || (waiter.take && taken)) continue
        waiting.splice(waiting.indexOf(waiter), 1)
        if (waiter.take) taken = true
        waiter.resolve(item)
      }
      if (!taken) queued.push(item)
    },
    next() {
      const item = queued.shift()
      if (item !== undefined) return Promise.resolve(item)
      return new Promise((resolve) => waiting.push({ match: () => true, take: true, resolve }))
    },
    until(match) {
      const item = seen.find(match)
      if (item !== undefined) return Promise.resolve(item)
      return new Promise((resolve) => waiting.push({ match, take: false, resolve }))
    },
  }
}
