/**
 * The registrable part of a host, as browsers group sites (approximated by its last two labels;
 * an IP address or single label stands alone). Advisory only: no public suffix list here.
 */
function siteOf(host: string): string {
  const bare = host.toLowerCase().replace(/^\*\./, '')
  if (/^[\d.]+$/.test(bare) || bare.startsWith('[')) return bare
  return bare.split('.').slice(-2).join('.')
}

/** The host of an allowed-origin pattern (`https://app.example.com`, `http://*.example.com:*`). */
function hostOf(pattern: string): string | undefined {
  return /^[a-z][a-z0-9+.-]*:\/\/([^/:]+)/i.exec(pattern)?.[1]
}

/**
 * `latchkey serve`'s line about where the wallet is served (docs/production.md "The wallet's
 * own site"): `wallet.<your-domain>`, same site as the dapps, keeps the frame's session and
 * device share across reloads without third-party storage; another site works, but where the
 * browser blocks third-party storage the visitor unlocks again after each reload.
 */
export function walletSiteSummary(
  publicUrl: string | undefined,
  allowedOrigins: Readonly<Record<string, readonly string[]>>,
): string {
  if (!publicUrl) return 'set --public-url https://wallet.<your-domain> (same site as your dapp)'
  const wallet = new URL(publicUrl).hostname
  const dapps = Object.values(allowedOrigins)
    .flat()
    .map(hostOf)
    .filter((host): host is string => host !== undefined)
  const site = siteOf(wallet)
  const same = dapps.filter((host) => siteOf(host) === site)
  if (dapps.length > 0 && same.length === dapps.length)
    return `${wallet}, same site as your dapps: sessions survive reloads`
  const others = dapps.filter((host) => siteOf(host) !== site)
  return `${wallet} is another site than ${others.join(', ') || 'your dapps'}: where browsers block third-party storage, visitors unlock again after a reload; wallet.<your-domain> is recommended (docs/production.md)`
}
