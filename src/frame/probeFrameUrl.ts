/**
 * Asks for the frame page once more, without CORS, after the iframe loaded: the answer is opaque,
 * so only a network failure tells (connection refused, unknown host, TLS). Browsers give an
 * iframe that cannot connect an error page and fire `load` as for any page; this tells the two
 * apart at once. A fetch the host page's own CSP (`connect-src`) blocks tells nothing, and is
 * not reported. Returns a function that stops the probe.
 */
export function probeFrameUrl(src: string, onUnreachable: (cause: unknown) => void): () => void {
  const fetchFn = globalThis.fetch
  if (typeof fetchFn !== 'function' || typeof document === 'undefined') return () => {}
  const controller = new AbortController()
  const origin = new URL(src).origin
  let blockedByPolicy = false
  const onViolation = (event: Event) => {
    const blocked = (event as SecurityPolicyViolationEvent).blockedURI ?? ''
    if (blocked === origin || blocked.startsWith(`${origin}/`)) blockedByPolicy = true
  }
  document.addEventListener('securitypolicyviolation', onViolation)
  const stop = () => document.removeEventListener('securitypolicyviolation', onViolation)
  fetchFn(src, {
    mode: 'no-cors',
    credentials: 'omit',
    cache: 'no-store',
    referrerPolicy: 'no-referrer',
    signal: controller.signal,
  }).then(stop, (cause: unknown) => {
    // The violation event is a task of its own: look once it has had its turn.
    setTimeout(() => {
      stop()
      if (!controller.signal.aborted && !blockedByPolicy) onUnreachable(cause)
    }, 0)
  })
  return () => {
    stop()
    controller.abort()
  }
}
