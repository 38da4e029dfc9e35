/**
 * Settles with `promise`, or rejects with `timeoutError()` after `ms`, whichever comes first; the
 * timer is cleared either way, and a late rejection of `promise` never surfaces as unhandled.
 * @example await raceDeadline(provider.request(args), 60_000, () => new ConnectTimeoutError({ timeout: 60_000 }))
 */
export function raceDeadline<T>(
  promise: Promise<T>,
  ms: number,
  timeoutError: () => Error,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timeoutError()), ms)
  })
  promise.catch(() => {})
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer))
}
