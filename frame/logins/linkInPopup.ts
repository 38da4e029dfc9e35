import { FrameReplyError } from '../FrameReplyError'

const features = 'popup,width=480,height=640'

/** The message the social callback page posts to its opener (server/social/renderSocialCallbackPage). */
type CallbackMessage = { type?: unknown; result?: unknown }

/**
 * Opens the provider's window for a link, in the visitor's click (a popup opened later is
 * blocked): blank first, then sent to the provider once the server started the link. Resolves
 * with the result handle the callback page posts to this frame (its opener, at the wallet's
 * origin, checked with the window it came from); rejects when the visitor closes the window.
 */
export function linkInPopup(start: () => Promise<{ uri: string }>): Promise<string> {
  const popup = window.open('about:blank', 'latchkey-link', features)
  if (!popup)
    return Promise.reject(
      new FrameReplyError({ message: 'Your browser blocked the window. Try again.' }),
    )
  return new Promise<string>((resolve, reject) => {
    let settled = false
    const finish = (done: () => void) => {
      if (settled) return
      settled = true
      window.removeEventListener('message', onMessage)
      clearInterval(watch)
      done()
    }
    const onMessage = (event: MessageEvent<CallbackMessage>) => {
      if (event.source !== popup || event.origin !== location.origin) return
      const { type, result } = event.data ?? {}
      if (type !== 'latchkey:social-result' || typeof result !== 'string') return
      finish(() => resolve(result))
    }
    // No event says a window closed: it is looked at twice a second.
    const watch = setInterval(() => {
      if (popup.closed)
        finish(() =>
          reject(new FrameReplyError({ message: 'The window was closed before you finished.' })),
        )
    }, 500)
    window.addEventListener('message', onMessage)
    start().then(
      ({ uri }) => {
        if (!settled) popup.location.href = uri
      },
      (error: unknown) => {
        popup.close()
        finish(() => reject(error))
      },
    )
  })
}
