/**
 * Resolves when `promise` settles or after `ms`, whichever is first; never rejects (a wait with an
 * upper bound, e.g. for a sign-out that may never answer).
 * @example await settleWithin(client.request({ type: 'SIGN_OUT' }), 3_000)
 */
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
