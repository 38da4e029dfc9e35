/** Resolves when `promise` settles or after `ms`, whichever is first; never rejects (disconnect's bounded sign-out wait). */
export function settleWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    const done = () => {
      clearTimeout(timer)
      resolve()
    }
    promise.then(done, done)
  })
}
