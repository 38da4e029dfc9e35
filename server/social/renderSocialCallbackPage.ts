import { createHash } from 'node:crypto'

/** What the callback page hands on: a result handle for the host, or an error to show. */
export type SocialCallbackData =
  | { kind: 'result'; origin: string; returnUrl: string | null; result: string }
  | { kind: 'error'; name: string; message: string }

/** The fragment key of the result on the host's return page. */
export const socialResultFragment = 'latchkey-social-result'

// The page's only script, allowed by its hash. With an opener, the result goes to it at the
// host's exact origin (never '*'); without one (a strict COOP cut it, or the tab was replaced),
// the page goes on to the host's return page, which hands the result to the app over
// BroadcastChannel. The code never reaches either page: only a handle that works once, for the
// frame session that started the login.
const script = `(() => {
  const data = JSON.parse(document.getElementById('latchkey-social').textContent)
  if (data.kind !== 'result') return
  if (window.opener) {
    window.opener.postMessage({ type: 'latchkey:social-result', result: data.result }, data.origin)
    window.close()
    return
  }
  if (data.returnUrl) location.replace(data.returnUrl + '#${socialResultFragment}=' + data.result)
})()`

const scriptHash = createHash('sha256').update(script).digest('base64')

/** The callback page's CSP: nothing loads, only its own script runs, and it is never framed. */
export const socialCallbackContentSecurityPolicy = `default-src 'none'; script-src 'sha256-${scriptHash}'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The page the provider redirects to (GET, or POST for `form_post`). */
export function renderSocialCallbackPage(data: SocialCallbackData): string {
  // `<` escaped: the JSON cannot close its script element.
  const json = JSON.stringify(data).replace(/</g, '\\u003c')
  const text =
    data.kind === 'result' ? 'Signing you in… You can close this window.' : escapeHtml(data.message)
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta name="referrer" content="no-referrer"><title>Sign-in</title></head>
<body style="font-family:system-ui,sans-serif;margin:2rem"><p>${text}</p>
<script type="application/json" id="latchkey-social">${json}</script>
<script>${script}</script></body></html>`
}
