import { Hono } from 'hono'
import type { ServerContext } from '../context'
import type { AppEnv } from '../http/appEnv'
import { migrations } from '../storage/migrations'

/** How long `/ready` waits for the database before it answers 503. */
const readyTimeoutMs = 2_000

const latestVersion = migrations.at(-1)?.version ?? 0

/** Why this server should get no traffic now, or undefined when it is ready. */
async function notReady(context: ServerContext): Promise<string | undefined> {
  if (context.lifecycle.draining) return 'shutting down'
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), readyTimeoutMs)
  })
  try {
    const version = await Promise.race([context.storage.schemaVersion(), timeout])
    if (version === 'timeout') return 'database did not answer'
    // A newer release may have migrated further (a rolling upgrade): that serves this one too.
    if (version < latestVersion) return `database at migration ${version} of ${latestVersion}`
    return undefined
  } catch {
    return 'database unreachable'
  } finally {
    clearTimeout(timer)
  }
}

/**
 * GET /health: the process is up (for a liveness probe: it reads nothing). GET /ready: the
 * database answers and is migrated, and the server is not shutting down; 503 otherwise (for a
 * load balancer's readiness probe). Neither says more than that.
 */
export function healthRoutes(context: ServerContext): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get('/health', (c) => {
      c.header('cache-control', 'no-store')
      return c.json({ ok: true })
    })
    .get('/ready', async (c) => {
      c.header('cache-control', 'no-store')
      const reason = await notReady(context)
      return reason ? c.json({ ok: false, reason }, 503) : c.json({ ok: true })
    })
}
