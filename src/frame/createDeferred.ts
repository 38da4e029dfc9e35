/** A promise with its resolve and reject; rejections are pre-handled so none goes unhandled. */
export type Deferred = {
  promise: Promise<void>
  resolve(): void
  reject(error: Error): void
  readonly settled: boolean
}

/** Creates a {@link Deferred}. */
export function createDeferred(): Deferred {
  let settled = false
  let resolve: () => void = () => {}
  let reject: (error: Error) => void = () => {}
  const promise = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  promise.catch(() => {})
  return {
    promise,
    resolve() {
      if (settled) return
      settled = true
      resolve()
    },
    reject(error) {
      if (settled) return
      settled = true
      reject(error)
    },
    get settled() {
      return settled
    },
  }
}
