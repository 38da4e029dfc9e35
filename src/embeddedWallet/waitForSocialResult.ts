import { SocialLoginExpiredError } from '../errors/SocialLoginExpiredError'

/** The message the wallet server's callback page posts to its opener (server/API.md). */
const resultType = 'latchkey:social-result'
const resultPattern = /^[A-Za-z0-9_-]{43}$/
/** How often `popup.closed` is read: "try again" shows within 1 s of the popup closing. */
const closedPollMs = 500

/** Parameters of {@link waitForSocialResult}. */
export type WaitForSocialResultParameters = {
  /** The popup the login runs in: only its messages count. */
  popup: Window
  /** The callback page's origin (the wallet server's redirect URL): only its messages count. */
  origin: string
  /** When the login expires (ms since epoch): the wait ends with `SocialLoginExpiredError`. */
  expiresAt: number
  /** Ends the wait (the visitor left, or started another login); it never settles then. */
  signal: AbortSignal
  /** Called once when the popup reads closed; the wait goes on (a strict COOP lies about it). */
  onClosed(): void
  /** The clock. @default Date.now */
  now?: (() => number) | undefined
}

/**
 * Waits for the result handle the callback page posts to this window. A message counts only from
 * the popup itself at the callback's exact origin, with the page's type and a well-formed
 * handle: anything another window or origin posts is ignored. The handle is no secret on its own:
 * it works once, for the frame session (device key) that started the login.
 */
export function waitForSocialResult(parameters: WaitForSocialResultParameters): Promise<string> {
  const { popup, origin, signal } = parameters
  const now = parameters.now ?? Date.now
  return new Promise<string>((resolve, reject) => {
    let closedSeen = false
    const cleanup = () => {
      window.removeEventListener('message', onMessage)
      clearInterval(poll)
      clearTimeout(deadline)
      signal.removeEventListener('abort', cleanup)
    }
    const onMessage = (event: MessageEvent) => {
      if (event.source !== popup || event.origin !== origin) return
      const data = event.data as { type?: unknown; result?: unknown } | null
      if (data?.type !== resultType || typeof data.result !== 'string') return
      if (!resultPattern.test(data.result)) return
      cleanup()
      resolve(data.result)
    }
    const poll = setInterval(() => {
      let closed = false
      try {
        closed = popup.closed
      } catch {
        // a cross-origin popup may refuse even this: treat it as open
      }
      if (closed && !closedSeen) {
        closedSeen = true
        parameters.onClosed()
      }
    }, closedPollMs)
    const deadline = setTimeout(
      () => {
        cleanup()
        reject(new SocialLoginExpiredError())
      },
      Math.max(0, parameters.expiresAt - now()),
    )
    window.addEventListener('message', onMessage)
    signal.addEventListener('abort', cleanup)
  })
}
