/** Whether the user authorized the page, kept in localStorage so a reload can reconnect silently. */
const AUTHORIZED = 'latchkey-solana-testwallet-authorized'

/** Remembers (or forgets) that the user connected this page. */
export function rememberAuthorized(on: boolean) {
  try {
    if (on) localStorage.setItem(AUTHORIZED, '1')
    else localStorage.removeItem(AUTHORIZED)
  } catch {
    // Storage blocked: the authorization lasts for this page only.
  }
}

/** Whether the user connected this page before. */
export function wasAuthorized() {
  try {
    return localStorage.getItem(AUTHORIZED) === '1'
  } catch {
    return false
  }
}
