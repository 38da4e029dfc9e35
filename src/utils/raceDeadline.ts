/**
 * Settles with `promise`, or rejects with `timeoutError()` after `ms`, whichever comes first. The
 * timer is cleared either way, and a late rejection of `promise` (once the deadline won) never
 * surfaces as unhandled. The work behind `promise` is not cancelled: that is the caller's part.
 * @example await raceDeadline(connect(config, { connector }), 60_000, () => new ConnectTimeoutError({ timeout: 60_000 }))
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
