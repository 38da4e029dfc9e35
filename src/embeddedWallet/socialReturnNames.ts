/*
 * The names a social login's return shares between the page, its return page and the flow. In a
 * file of their own: the flow (in the modal's first chunk) needs them, and loads the rest of
 * `socialReturn.ts` only when a login has a return page.
 */

/** The BroadcastChannel a popup's return page hands the result to the waiting page on. */
export const socialReturnChannel = 'latchkey-social'
/** The message type of a result, from the popup (postMessage) or a return page (the channel). */
export const socialResultType = 'latchkey:social-result'
/** Where this tab keeps a redirect-mode login (sessionStorage). */
export const socialRedirectKey = 'latchkey.social.redirect'

/** Whether this tab keeps a redirect-mode login (cheap: nothing parsed, nothing loaded). */
export function hasSocialRedirectRecord(): boolean {
  try {
    return (
      typeof sessionStorage !== 'undefined' && sessionStorage.getItem(socialRedirectKey) !== null
    )
  } catch {
    return false
  }
}
