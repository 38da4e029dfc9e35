import { formatUnits } from 'viem'
import type { OnrampSessionRecord } from '../../storage/onrampSessionRecord'
import { sandboxCards } from './sandboxCatalog'

/** The card page's policy: no script at all, styles of its own, forms to itself, never framed. */
export const sandboxPageContentSecurityPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const symbols: Record<string, string> = { USD: '$', EUR: '€', GBP: '£' }

/** `$100.00`, `€20.00`. */
export const money = (amount: string, currency: string) =>
  `${symbols[currency] ?? `${currency} `}${amount}`

const grouped = (card: string) => card.replace(/(\d{4})(?=\d)/g, '$1 ')

const styles = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;
background:#f3f2f8;color:#15131d;font:15px/1.45 system-ui,-apple-system,Segoe UI,sans-serif}
main{width:min(400px,100% - 32px);margin:24px 0;background:#fff;border-radius:20px;padding:28px;
box-shadow:0 1px 2px #0000000f,0 12px 40px #1b153a1a}
header{display:flex;align-items:center;gap:10px;margin-bottom:20px;font-weight:600}
.mark{width:30px;height:30px;border-radius:9px;background:linear-gradient(135deg,#6d5dfc,#b14bf4)}
.badge{margin-left:auto;font-size:11px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;
color:#7a5b00;background:#fff1c2;border-radius:999px;padding:3px 8px}
h1{font-size:30px;margin:0 0 4px;letter-spacing:-.02em}.sub{margin:0 0 20px;color:#5e5a6d}
dl{margin:0 0 22px;padding:14px 16px;border-radius:14px;background:#f6f5fa;display:grid;
grid-template-columns:1fr auto;gap:6px 12px;font-size:14px}dt{color:#5e5a6d}dd{margin:0;text-align:right}
label{display:block;font-size:13px;font-weight:600;margin:0 0 6px}
input{width:100%;font:inherit;padding:12px 14px;border:1px solid #d9d6e3;border-radius:12px;
margin:0 0 14px;background:#fff;color:inherit}input:focus{outline:2px solid #6d5dfc;border-color:transparent}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
button{width:100%;font:inherit;font-weight:600;padding:14px;border:0;border-radius:14px;
background:#6d5dfc;color:#fff;cursor:pointer;margin-top:4px}
.hint{margin:18px 0 0;font-size:13px;color:#5e5a6d}.hint code{font-size:12px;color:#15131d}
.error{margin:0 0 14px;padding:10px 12px;border-radius:10px;background:#fdecec;color:#a1161b;font-size:14px}
.result{text-align:center}.icon{width:56px;height:56px;border-radius:50%;display:grid;place-items:center;
margin:4px auto 14px;font-size:28px;color:#fff}.ok{background:#1f9d55}.ko{background:#d92d20}
@media (prefers-color-scheme:dark){body{background:#0f0e14;color:#f1eff8}main{background:#1a1822;
box-shadow:none}dl{background:#24212e}dt,.sub,.hint{color:#a7a2b8}input{background:#14121b;
border-color:#383447}.hint code{color:#f1eff8}.error{background:#3a1416;color:#ffb4b0}}
`

function page(title: string, provider: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>${styles}</style></head><body><main><header><span class="mark" aria-hidden="true"></span>
${escapeHtml(provider)}<span class="badge">Sandbox</span></header>${body}</main></body></html>`
}

/** The card form of a pending purchase (with `error` above it after a refused card). */
export function renderCardPage(
  session: OnrampSessionRecord,
  providerName: string,
  error?: string | undefined,
): string {
  const paid = money(session.fiatAmount, session.fiatCurrency)
  const [whole, fraction = ''] = formatUnits(BigInt(session.cryptoAmount), session.decimals).split(
    '.',
  )
  const shown = fraction.slice(0, 6).replace(/0+$/, '')
  const tokens = `${shown ? `${whole}.${shown}` : whole} ${session.symbol}`
  const to = `${session.address.slice(0, 6)}…${session.address.slice(-4)}`
  return page(
    `Pay ${paid}`,
    providerName,
    `<h1>${escapeHtml(paid)}</h1><p class="sub">Buy ${escapeHtml(tokens)}</p>
<dl><dt>You get</dt><dd>${escapeHtml(tokens)}</dd><dt>Sent to</dt><dd>${escapeHtml(to)}</dd>
<dt>Fee</dt><dd>${escapeHtml(money(session.feeAmount, session.fiatCurrency))}</dd></dl>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post"><label for="card">Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required>
<div class="row"><div><label for="expiry">Expiry</label>
<input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM / YY" required></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required></div></div>
<button type="submit">Pay ${escapeHtml(paid)}</button></form>
<p class="hint">Sandbox: <code>${grouped(sandboxCards.success)}</code> is paid,
<code>${grouped(sandboxCards.declined)}</code> is declined; any future expiry and CVC.</p>`,
  )
}

/** What the page says once the card was answered, or when the purchase is not pending. */
export function renderResultPage(
  kind: 'approved' | 'declined' | 'closed',
  session: OnrampSessionRecord,
  providerName: string,
): string {
  const texts = {
    approved: [
      'ok',
      '✓',
      'Payment approved',
      `Your ${session.symbol} is on its way. You can close this window and go back to the app.`,
    ],
    declined: [
      'ko',
      '✕',
      'Card declined',
      'Your card was declined and nothing was charged. Go back to the app to try again.',
    ],
    closed: [
      'ok',
      '✓',
      'Nothing left to pay',
      `This purchase is ${session.status}. You can close this window.`,
    ],
  } as const
  const [tone, icon, title, text] = texts[kind]
  return page(
    title,
    providerName,
    `<div class="result"><div class="icon ${tone}" aria-hidden="true">${icon}</div>
<h1>${escapeHtml(title)}</h1><p class="sub">${escapeHtml(text)}</p></div>`,
  )
}
