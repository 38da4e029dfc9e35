const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const style = `
  body { font: 15px/1.4 system-ui, sans-serif; margin: 0; min-height: 100vh; display: grid;
    place-items: center; background: #17101f; color: #f4f0fa; }
  main { width: min(360px, 92vw); padding: 24px; border-radius: 16px; background: #241a33; }
  h1 { font-size: 18px; margin: 0 0 4px; } p { margin: 0 0 16px; color: #bfb4d0; }
  button { display: block; width: 100%; margin: 8px 0 0; padding: 12px; border: 0;
    border-radius: 10px; background: #7c65c1; color: #fff; font: inherit; cursor: pointer; }
  button.secondary { background: #3a2d52; }
  code { color: #e5dcf5; }`

/**
 * The dev Farcaster client (playground, e2e): what a visitor's Farcaster app shows for a Sign In
 * With Farcaster URL. Each button signs the channel with a test account's known key.
 */
export function renderFarcasterDevClient(url: URL): string {
  const domain = escapeHtml(url.searchParams.get('domain') ?? '?')
  const button = (account: string, method: string, label: string, secondary = false) =>
    `<button ${secondary ? 'class="secondary" ' : ''}name="account" value="${account}" data-testid="fc-${account}-${method}" formaction="?${escapeHtml(url.searchParams.toString())}&amp;method=${method}">${label}</button>`
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Dev Farcaster client</title>
<style>${style}</style></head><body><main>
<h1>Dev Farcaster client</h1>
<p><code>${domain}</code> asks you to sign in with Farcaster. This page signs with a test account's known key (local development only).</p>
<form method="post">
${button('alice', 'custody', 'Sign in as @alice')}
${button('alice', 'authAddress', 'Sign in as @alice (auth address)', true)}
${button('bob', 'custody', 'Sign in as @bob', true)}
</form></main></body></html>`
}

/** What the dev client shows once it handed the signature to the relay. */
export function renderFarcasterDevClientDone(username: string, status: number): string {
  const text =
    status === 201
      ? `Signed in as @${escapeHtml(username)}. You can go back to the app.`
      : `The relay refused the signature (${status}).`
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Dev Farcaster client</title>
<style>${style}</style></head><body><main><h1>Dev Farcaster client</h1>
<p data-testid="fc-done">${text}</p></main></body></html>`
}

/** The dev client's home (`npm run dev` prints it): paste a Sign In With Farcaster URL. */
export function renderFarcasterDevClientHome(invalid = false): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Dev Farcaster client</title>
<style>${style} input { box-sizing: border-box; width: 100%; padding: 10px; border-radius: 10px;
border: 1px solid #4a3b66; background: #17101f; color: inherit; font: inherit; }</style></head>
<body><main><h1>Dev Farcaster client</h1>
<p>${invalid ? 'That is not a Sign In With Farcaster link. ' : ''}Paste the link of the modal's Farcaster view (or open its QR code's link), then pick a test account.</p>
<form action="/~/siwf/paste"><input name="uri" placeholder="http://localhost:…/~/siwf?channelToken=…" aria-label="Sign In With Farcaster link">
<button>Open</button></form></main></body></html>`
}
