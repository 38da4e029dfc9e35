import { SocialLoginExpiredError } from '../errors/SocialLoginExpiredError'
import { socialResultType as resultType, socialReturnChannel } from './socialReturnNames'

const resultPattern = /^[A-Za-z0-9_-]{43}$/
/** How often `popup.closed` is read: "try again" shows within 1 s of the popup closing. */
const closedPollMs = 500

/** Parameters of {@link waitForSocialResult}. */
export type WaitForSocialResultParameters = {
  /** The popup the login runs in: only its messages count. */
  popup: Window
  /** The callback page's origin (the wallet server's redirect URL): only its messages count. */
  origin: string
  /**
   * The login's id in the return page's URL, when the login has one: a result the return page
   * hands on over `BroadcastChannel` (the popup lost its opener) counts only with this id.
   */
  flow?: string | undefined
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
 * handle: anything another window or origin posts is ignored. Where a provider's strict COOP cut
 * the popup off, the callback goes on to the host's return page, which hands the result on over
 * `BroadcastChannel` (this origin only): it counts only with this login's id, which only this
 * page and the server know. The handle is no secret on its own: it works once, for the frame
 * session (device key) that started the login.
 */
export function waitForSocialResult(parameters: WaitForSocialResultParameters): Promise<string> {
  const { popup, origin, signal } = parameters
  const now = parameters.now ?? Date.now
  return new Promise<string>((resolve, reject) => {
    let closedSeen = false
    const channel =
      parameters.flow && typeof BroadcastChannel !== 'undefined'
        ? new BroadcastChannel(socialReturnChannel)
        : undefined
    const cleanup = () => {
      channel?.close()
      window.removeEventListener('message', onMessage)
      clearInterval(poll)
      clearTimeout(deadline)
      signal.removeEventListener('abort', cleanup)
    }
    const take = (data: { type?: unknown; result?: unknown } | null) => {
      if (data?.type !== resultType || typeof data.result !== 'string') return
      if (!resultPattern.test(data.result)) return
      cleanup()
      resolve(data.result)
    }
    const onMessage = (event: MessageEvent) => {
      if (event.source !== popup || event.origin !== origin) return
      take(event.data)
    }
    if (channel)
      channel.onmessage = (event: MessageEvent) => {
        const data = event.data as { flow?: unknown } | null
        if (data?.flow === parameters.flow) take(event.data)
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
