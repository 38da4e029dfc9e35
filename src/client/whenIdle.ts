/** How long the fallback waits after `load` where `requestIdleCallback` is missing (Safari). */
export const idleFallbackMs = 200

/**
 * Runs `task` once the page finished loading (`load`) and the browser is idle after it, so it
 * never competes with the page's own startup; `setTimeout` stands in for `requestIdleCallback`
 * where there is none. Does nothing without a page (SSR). Returns a cancel function.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof document === 'undefined') return () => {}
  let cancel = () => {}
  const schedule = () => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(task)
      cancel = () => cancelIdleCallback(handle)
    } else {
      const timer = setTimeout(task, idleFallbackMs)
      cancel = () => clearTimeout(timer)
    }
  }
  if (document.readyState === 'complete') schedule()
  else {
    addEventListener('load', schedule, { once: true })
    cancel = () => removeEventListener('load', schedule)
  }
  return () => cancel()
}
