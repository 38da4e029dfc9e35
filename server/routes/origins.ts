import { Hono } from 'hono'
import { z } from 'zod'
import type { ServerContext } from '../context'
import type { AppEnv } from '../http/appEnv'
import { parseInput } from '../http/readJson'

const query = z.object({ projectId: z.string().min(1).max(200) })

/** GET origins?projectId=…: the project's allowed dapp origins (SPEC §7 allowedOrigins; public, like the CSP). */
export function originsRoutes(context: ServerContext): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/origins', (c) => {
    const { projectId } = parseInput(query, c.req.query())
    return c.json({ allowedOrigins: context.originPolicy.getAllowedOrigins(projectId) })
  })
}
