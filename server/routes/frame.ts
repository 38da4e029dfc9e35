import { type Context, Hono } from 'hono'
import { createLoader } from '../../src/utils/createLoader'
import type { ServerContext } from '../context'
import type { FrameAssets } from '../frame/buildFrameAssets'
import { loadFrameAssets } from '../frame/loadFrameAssets'
import {
  frameContentSecurityPolicy,
  framePermissionsPolicy,
  popupContentSecurityPolicy,
  renderFramePage,
  renderPopupPage,
} from '../frame/renderFramePage'
import type { AppEnv } from '../http/appEnv'

/** Options of {@link frameRoutes}. */
export type FrameRoutesOptions = {
  /** Loads the page's assets. @default loadFrameAssets (esbuild in a source checkout, else dist/frame) */
  loadAssets?: () => Promise<FrameAssets>
}

/** Headers of both pages (the frame and the approval popup) besides their own CSP. */
const pageHeaders = {
  'permissions-policy': framePermissionsPolicy,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
}

function setHeaders(c: Context<AppEnv>, headers: Record<string, string>) {
  for (const [name, value] of Object.entries(headers)) c.header(name, value)
}

/**
 * GET /frame?projectId&chainId&version&enableLogger[&approvals=popup] (the embedded-wallet page,
 * SPEC §2), GET /frame/approve (the approval popup the frame opens) and
 * GET /frame/assets/(frame|popup|import)-<hash>.(js|css). The page is framed only by the project's
 * allowed origins (CSP frame-ancestors); its script checks the parent again in code. The popup is
 * never framed, and sends no Cross-Origin-Opener-Policy: it must keep its opener (the frame).
 * Both send a `Permissions-Policy` that turns off every feature the wallet does not use.
 */
export function frameRoutes(
  context: ServerContext,
  options: FrameRoutesOptions = {},
): Hono<AppEnv> {
  // Built once per app on first use; a failure is retried on the next request.
  const assets = createLoader(options.loadAssets ?? (() => loadFrameAssets()))
  const getAssets = () => assets.load()
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const html = renderFramePage(await getAssets())
      const projectId = c.req.query('projectId') ?? ''
      setHeaders(c, {
        'content-security-policy': frameContentSecurityPolicy(
          context.originPolicy.getAllowedOrigins(projectId),
        ),
        ...pageHeaders,
      })
      return c.html(html)
    })
    .get('/approve', async (c) => {
      const html = renderPopupPage(await getAssets())
      setHeaders(c, {
        'content-security-policy': popupContentSecurityPolicy(),
        'x-frame-options': 'DENY',
        ...pageHeaders,
      })
      return c.html(html)
    })
    .get('/assets/:name', async (c) => {
      const { script, style, popupScript, importScript } = await getAssets()
      const name = c.req.param('name')
      const file = [script, style, popupScript, importScript].find(
        (candidate) => candidate.name === name,
      )
      if (!file) return c.json({ error: { name: 'NotFound', message: 'Not found' } }, 404)
      setHeaders(c, {
        'content-type': file.contentType,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cross-origin-resource-policy': 'same-origin',
        'cache-control': 'public, max-age=31536000, immutable',
      })
      return c.body(file.body as Uint8Array<ArrayBuffer>)
    })
}
