import type { FrameAssets } from './buildFrameAssets'

/** Where the page's hashed files are served. */
export const frameAssetsPath = '/frame/assets'

/**
 * The frame page's CSP: only same-origin script and style (no inline, no eval), API calls to its
 * own origin, and `frame-ancestors` from the project's allowed origins ('none' when there are none).
 */
export function frameContentSecurityPolicy(allowedOrigins: readonly string[]): string {
  const ancestors = allowedOrigins.length > 0 ? allowedOrigins.join(' ') : "'none'"
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data:",
    `frame-ancestors ${ancestors}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ')
}

/** The frame page's HTML: no inline script or style; the hashed files with their SRI hashes. */
export function renderFramePage(assets: FrameAssets): string {
  const { script, style } = assets
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    '<title>Latchkey wallet</title>',
    `<link rel="stylesheet" href="${frameAssetsPath}/${style.name}" integrity="${style.integrity}">`,
    `<script defer src="${frameAssetsPath}/${script.name}" integrity="${script.integrity}"></script>`,
    '</head>',
    '<body>',
    '<main id="latchkey-frame" data-state="loading"></main>',
    '</body>',
    '</html>',
    '',
  ].join('\n')
}
