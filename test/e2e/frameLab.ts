import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { startTestServer, type TestServer } from '../harness/startTestServer'

/** The project the lab's host uses; only http://dapp.test:* may frame it (and the same-site host). */
export const labProjectId = 'lk-e2e'

const sameSiteOrigin = 'http://app.latchkey.test:*'

/**
 * Three origins on loopback: the host (dapp.test), the frame server (wallet.test), an attacker
 * (evil.test); and the same host and server as one site (app. and wallet.latchkey.test).
 */
export interface FrameLab {
  server: TestServer
  hostUrl: string
  frameUrl: string
  /**
   * The host at app.latchkey.test embedding the frame at wallet.latchkey.test: same site (the
   * project allows it with `sameSite: true`).
   */
  sameSiteHostUrl: string
  sameSiteFrameUrl: string
  evilUrl: string
  /**
   * Chromium flags that make the three http origins secure contexts, as https sites are
   * (`crypto.randomUUID` needs one).
   */
  browserArgs: string[]
  close(): Promise<void>
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

/** A loopback port free right now (for a server that must know its own origin before it listens). */
async function freePort(): Promise<number> {
  const probe = createServer()
  const port = await listen(probe)
  await close(probe)
  return port
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  })

const html = (body: string, head = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>lab</title>${head}</head><body>${body}</body></html>`

/** The attacker's pages: one embeds the frame, one sits inside the host and posts to it. */
function evilPage(path: string, frameSrc: string): string | undefined {
  if (path === '/embed')
    return html(
      `<iframe id="victim" src="${frameSrc}" style="width:360px;height:520px"></iframe>
<script>
window.received = []
window.addEventListener('message', (event) => window.received.push({ origin: event.origin, data: event.data }))
const victim = document.getElementById('victim')
window.probe = () => {
  for (const type of ['IS_CONNECTED', 'GET_USER', 'GET_CHAIN_ID'])
    victim.contentWindow.postMessage({ id: crypto.randomUUID(), type }, '*')
}
setInterval(window.probe, 200)
</script>`,
    )
  if (path === '/child')
    return html(`<script>
window.forge = (messages) => { for (const message of messages) parent.postMessage(message, '*') }
window.received = []
window.addEventListener('message', (event) => window.received.push(event.data))
</script>`)
  return undefined
}

/**
 * Starts the Latchkey server (real SQLite file, real SMTP sink) and the host and attacker pages;
 * `chains` (JSON-RPC URL per chain id) lets the wallet prepare and send transactions.
 */
export async function startFrameLab(
  options: {
    chains?: Record<string, string>
    /** More server options (e.g. `rpc` deadlines). */
    server?: Partial<Parameters<typeof startTestServer>[0]>
    /** The server's port, chosen before (social login: the providers' callback URL names it). */
    port?: number | undefined
    /**
     * Passkeys for the wallet origin (the server's port is chosen first to name it):
     * wallet.test's, or wallet.latchkey.test's for `'same-site'`.
     */
    passkeys?: boolean | 'same-site'
    /** The project also allows the same-site host (app.latchkey.test, see `sameSiteHostUrl`). */
    sameSite?: boolean
  } = {},
): Promise<FrameLab> {
  const port = options.port ?? (options.passkeys ? await freePort() : undefined)
  const server = await startTestServer(
    {
      ...options.server,
      ...(options.passkeys && port
        ? {
            passkeys: {
              origin: `http://${options.passkeys === 'same-site' ? 'wallet.latchkey.test' : 'wallet.test'}:${port}`,
            },
          }
        : {}),
      ...(options.chains ? { chains: options.chains } : {}),
      allowedOrigins: {
        [labProjectId]: ['http://dapp.test:*', ...(options.sameSite ? [sameSiteOrigin] : [])],
        '*': [],
      },
      // The lab logs in from one browser address many times.
      rateLimits: {
        codesPerEmail: { limit: 100, windowMs: 600_000 },
        codesPerAddress: { limit: 100, windowMs: 600_000 },
        checksPerAddress: { limit: 100, windowMs: 600_000 },
        socialStartsPerAddress: { limit: 100, windowMs: 600_000 },
      },
    },
    { port },
  )
  const framePort = new URL(server.url).port
  const frameUrl = `http://wallet.test:${framePort}/frame`
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('./frameHostEntry.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  })
  const hostScript = bundle.outputFiles[0]?.text ?? ''
  let evilPort = 0
  const host = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://dapp.test')
    if (url.pathname === '/host.js') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' })
      return response.end(hostScript)
    }
    if (url.pathname !== '/') return response.writeHead(404).end()
    const evil = url.searchParams.get('evil')
      ? `<iframe id="ad" src="http://evil.test:${evilPort}/child"></iframe>`
      : ''
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(html(`<h1>dapp</h1>${evil}<script src="/host.js"></script>`))
  })
  const evil = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://evil.test')
    const frameSrc = `${frameUrl}?projectId=${url.searchParams.get('projectId') ?? labProjectId}&chainId=1&version=0.1.0&enableLogger=true`
    const body = evilPage(url.pathname, frameSrc)
    if (!body) return response.writeHead(404).end()
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(body)
  })
  const hostPort = await listen(host)
  evilPort = await listen(evil)
  const query = new URLSearchParams({ frameUrl, projectId: labProjectId })
  const sameSiteFrameUrl = `http://wallet.latchkey.test:${framePort}/frame`
  const sameSiteQuery = new URLSearchParams({ frameUrl: sameSiteFrameUrl, projectId: labProjectId })
  return {
    server,
    hostUrl: `http://dapp.test:${hostPort}/?${query}`,
    frameUrl,
    sameSiteHostUrl: `http://app.latchkey.test:${hostPort}/?${sameSiteQuery}`,
    sameSiteFrameUrl,
    evilUrl: `http://evil.test:${evilPort}`,
    browserArgs: [
      `--unsafely-treat-insecure-origin-as-secure=${[
        `http://dapp.test:${hostPort}`,
        `http://wallet.test:${framePort}`,
        `http://evil.test:${evilPort}`,
        `http://app.latchkey.test:${hostPort}`,
        `http://wallet.latchkey.test:${framePort}`,
      ].join(',')}`,
    ],
    async close() {
      await Promise.all([close(host), close(evil)])
      await server.close()
    },
  }
}
