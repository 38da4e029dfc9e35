import type { FrameAsset, FrameAssets } from './buildFrameAssets'

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

/**
 * The `Permissions-Policy` of the frame page and the approval popup: every powerful feature off
 * but the few the wallet uses or will (passkeys, copying an address), and those only for itself.
 */
export const framePermissionsPolicy = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=()',
  'gamepad=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'local-fonts=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'window-management=()',
  'xr-spatial-tracking=()',
  'clipboard-read=()',
  'clipboard-write=(self)',
  'publickey-credentials-create=(self)',
  'publickey-credentials-get=(self)',
].join(', ')

/**
 * The approval popup's CSP: the frame page's, but it may never be framed (it is a top-level
 * window of the wallet origin, so nothing can be drawn over it).
 */
export function popupContentSecurityPolicy(): string {
  return frameContentSecurityPolicy([])
}

function page(title: string, style: FrameAsset, script: FrameAsset): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${title}</title>`,
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

/** The frame page's HTML: no inline script or style; the hashed files with their SRI hashes. */
export function renderFramePage(assets: FrameAssets): string {
  return page('Latchkey wallet', assets.style, assets.script)
}

/** The approval popup's HTML (same rules as the frame page; its own script, the same style). */
export function renderPopupPage(assets: FrameAssets): string {
  return page('Review request · Latchkey wallet', assets.style, assets.popupScript)
}
