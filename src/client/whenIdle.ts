/** How long the fallback waits after `load` where `requestIdleCallback` is missing (Safari). */
export const idleFallbackMs = 200

interface IdleGlobals {
  document?: { readyState: string }
  addEventListener?(type: 'load', listener: () => void, options: { once: true }): void
  requestIdleCallback?(callback: () => void): number
  cancelIdleCallback?(handle: number): void
}

/**
 * Runs `task` once the page finished loading (`load`) and the browser is idle after it, so it
 * never competes with the page's own startup; `setTimeout` stands in for `requestIdleCallback`
 * where there is none. Does nothing without a page (SSR). Returns a cancel function.
 */
export function whenIdle(task: () => void, scope: IdleGlobals = globalThis as IdleGlobals) {
  if (!scope.document) return () => {}
  let cancelled = false
  let cancelIdle = () => {}
  const onIdle = () => {
    if (!cancelled) task()
  }
  const schedule = () => {
    if (cancelled) return
    if (scope.requestIdleCallback) {
      const handle = scope.requestIdleCallback(onIdle)
      cancelIdle = () => scope.cancelIdleCallback?.(handle)
    } else {
      const timer = setTimeout(onIdle, idleFallbackMs)
      cancelIdle = () => clearTimeout(timer)
    }
  }
  if (scope.document.readyState === 'complete') schedule()
  else scope.addEventListener?.('load', schedule, { once: true })
  // a `load` listener left behind runs once and finds the task cancelled
  return () => {
    cancelled = true
    cancelIdle()
  }
}
