import { Hono } from 'hono'
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

/**
 * GET /frame?projectId&chainId&version&enableLogger[&approvals=popup] (the embedded-wallet page,
 * SPEC §2), GET /frame/approve (the approval popup the frame opens) and
 * GET /frame/assets/(frame|popup)-<hash>.(js|css). The page is framed only by the project's
 * allowed origins (CSP frame-ancestors); its script checks the parent again in code. The popup is
 * never framed, and sends no Cross-Origin-Opener-Policy: it must keep its opener (the frame).
 * Both send a `Permissions-Policy` that turns off every feature the wallet does not use.
 */
export function frameRoutes(
  context: ServerContext,
  options: FrameRoutesOptions = {},
): Hono<AppEnv> {
  const load = options.loadAssets ?? (() => loadFrameAssets())
  let assets: Promise<FrameAssets> | undefined
  // Built once per app on first use; a failure is retried on the next request.
  const getAssets = () => {
    assets ??= load().catch((error: unknown) => {
      assets = undefined
      throw error
    })
    return assets
  }
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const html = renderFramePage(await getAssets())
      const projectId = c.req.query('projectId') ?? ''
      c.header(
        'content-security-policy',
        frameContentSecurityPolicy(context.originPolicy.getAllowedOrigins(projectId)),
      )
      c.header('permissions-policy', framePermissionsPolicy)
      c.header('x-content-type-options', 'nosniff')
      c.header('referrer-policy', 'no-referrer')
      c.header('cache-control', 'no-store')
      return c.html(html)
    })
    .get('/approve', async (c) => {
      const html = renderPopupPage(await getAssets())
      c.header('content-security-policy', popupContentSecurityPolicy())
      c.header('x-frame-options', 'DENY')
      c.header('permissions-policy', framePermissionsPolicy)
      c.header('x-content-type-options', 'nosniff')
      c.header('referrer-policy', 'no-referrer')
      c.header('cache-control', 'no-store')
      return c.html(html)
    })
    .get('/assets/:name', async (c) => {
      const { script, style, popupScript } = await getAssets()
      const name = c.req.param('name')
      const file = [script, style, popupScript].find((candidate) => candidate.name === name)
      if (!file) return c.json({ error: { name: 'NotFound', message: 'Not found' } }, 404)
      c.header('content-type', file.contentType)
      c.header('x-content-type-options', 'nosniff')
      c.header('referrer-policy', 'no-referrer')
      c.header('cross-origin-resource-policy', 'same-origin')
      c.header('cache-control', 'public, max-age=31536000, immutable')
      return c.body(file.body as Uint8Array<ArrayBuffer>)
    })
}
