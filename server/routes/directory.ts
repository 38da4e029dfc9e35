import { type Context, Hono } from 'hono'
import { z } from 'zod'
import { InvalidRequestError } from '../../src/errors/InvalidRequestError'
import type { ServerContext } from '../context'
import { featureList } from '../directory/featureList'
import type { ImageKind } from '../directory/imageSource'
import type { Directory } from '../directory/loadDirectory'
import { queryWallets } from '../directory/queryWallets'
import { directoryIdRegex } from '../directory/registrySchema'
import { walletsQuerySchema } from '../directory/walletsQuery'
import type { AppEnv } from '../http/appEnv'
import { parseInput } from '../http/readJson'

const originsQuery = z.object({ projectId: z.string().min(1).max(200) })

// The registry is read at start, so its answers may be cached a little; images longer.
const listCache = 'public, max-age=60'
const imageCache = 'public, max-age=86400'
// An SVG opened on its own runs no script and loads nothing.
const imagePolicy = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

function imageRoute(directory: Directory, kind: ImageKind) {
  return async (c: Context<AppEnv>) => {
    const id = c.req.param('id') ?? ''
    // Ids are letters, digits, _ and -: no dot and no slash, so no path can be built from one.
    if (!directoryIdRegex.test(id))
      throw new InvalidRequestError({ reason: 'id: Expected 1–128 letters, digits, _ or -.' })
    const image = await directory.images.read(kind, id)
    if (!image) {
      c.header('cache-control', 'no-store')
      return c.json({ error: { name: 'NotFound', message: 'Not found' } }, 404)
    }
    c.header('cache-control', imageCache)
    c.header('etag', image.etag)
    c.header('x-content-type-options', 'nosniff')
    c.header('content-security-policy', imagePolicy)
    c.header('cross-origin-resource-policy', 'cross-origin')
    if (c.req.header('if-none-match') === image.etag) return c.body(null, 304)
    c.header('content-type', image.contentType)
    return c.body(image.body as Uint8Array<ArrayBuffer>)
  }
}

/**
 * The provider directory API of SPEC §7 at its paths: `GET /getWallets` → `{ data, count }`,
 * `GET /getWalletImage/:id`, `GET /public/get{Asset,Currency,Token}Image/:id`,
 * `GET /appkit/v1/config` → `{ features }`, `GET /projects/v1/origins` → `{ allowedOrigins }`.
 */
export function directoryRoutes(context: ServerContext, directory: Directory): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get('/getWallets', (c) => {
      const {
        projectId: _p,
        st: _st,
        sv: _sv,
        ...query
      } = parseInput(walletsQuerySchema, c.req.query())
      c.header('cache-control', listCache)
      return c.json(queryWallets(directory.registry.wallets, query))
    })
    .get('/getWalletImage/:id', imageRoute(directory, 'wallets'))
    .get('/public/getAssetImage/:id', imageRoute(directory, 'assets'))
    .get('/public/getCurrencyImage/:id', imageRoute(directory, 'currencies'))
    .get('/public/getTokenImage/:id', imageRoute(directory, 'tokens'))
    .get('/appkit/v1/config', (c) => {
      c.header('cache-control', listCache)
      return c.json({ features: featureList(directory.registry.features) })
    })
    .get('/projects/v1/origins', (c) => {
      const { projectId } = parseInput(originsQuery, c.req.query())
      c.header('cache-control', 'no-store')
      return c.json({ allowedOrigins: context.originPolicy.getAllowedOrigins(projectId) })
    })
}
