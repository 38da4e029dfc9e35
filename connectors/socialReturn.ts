/*
 * `latchkey/connectors/socialReturn`: an entry of its own, so that only a page that calls it
 * loads it (from `latchkey/connectors` every app's first bundle would carry it).
 */
import {
  readSocialRedirect,
  readSocialReturn,
  socialResultType,
  socialReturnChannel,
  withoutSocialReturn,
  writeSocialRedirect,
} from '../src/embeddedWallet/socialReturn'

/**
 * The return page of a social login (`embeddedWallet({ social: { returnPath } })`): call it first
 * thing on that page. When the URL carries a login's result it takes it out of the address bar
 * and hands it on: in a popup whose opener a provider's strict Cross-Origin-Opener-Policy cut off,
 * to the page that waits for it (over `BroadcastChannel`, same origin only), then closes the
 * popup; after a redirect-mode login, to this tab's embedded wallet, going back to the page the
 * login started on if that is another one. The result is a handle that works once, for the
 * wallet frame that started the login (and, in redirect mode, with the secret this tab keeps).
 * @returns true when the page should render nothing (it closes, or goes back), else false.
 * @example
 * import { handleSocialReturn } from 'latchkey/connectors/socialReturn'
 * if (!handleSocialReturn()) renderApp()
 */
export function handleSocialReturn(): boolean {
  if (typeof window === 'undefined') return false
  const returned = readSocialReturn(location.href)
  if (!returned) return false
  const clean = withoutSocialReturn(location.href)
  history.replaceState(history.state, '', clean)
  const record = readSocialRedirect()
  if (record?.flow === returned.flow) {
    writeSocialRedirect({ ...record, result: returned.result })
    if (withoutSocialReturn(record.from) === clean) return false
    location.replace(record.from)
    return true
  }
  const channel = new BroadcastChannel(socialReturnChannel)
  channel.postMessage({ type: socialResultType, ...returned })
  channel.close()
  window.close()
  return true
}
