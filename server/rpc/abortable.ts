/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal.reason)
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal.addEventListener('abort', onAbort, { once: true })
  })
}

/** One call's deadline and cancellation: `signal` aborts at the deadline or with the caller's signal. */
export interface CallScope {
  signal: AbortSignal
  /** ms since epoch. */
  deadline: number
  close(): void
}

/** Opens a scope that aborts with `onTimeout()` after `timeoutMs`, or with `outer`'s reason. */
export function openCallScope(
  timeoutMs: number,
  now: number,
  onTimeout: () => unknown,
  outer?: AbortSignal | undefined,
): CallScope {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(onTimeout()), timeoutMs)
  const onAbort = () => controller.abort(outer?.reason)
  if (outer?.aborted) onAbort()
  else outer?.addEventListener('abort', onAbort, { once: true })
  return {
    signal: controller.signal,
    deadline: now + timeoutMs,
    close() {
      clearTimeout(timer)
      outer?.removeEventListener('abort', onAbort)
    },
  }
}
