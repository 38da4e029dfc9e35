import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { startTestServer, type TestServer } from '../../test/harness/startTestServer'

/** The project of the bench host; only http://dapp.test:* may frame it. */
export const benchProjectId = 'lk-bench'

/** The host (dapp.test) and the Latchkey server with its frame (wallet.test), both on loopback. */
export interface EmbeddedLab {
  /** In-process server: temp SQLite file, real SMTP sink, real clock, no rate limit in the way. */
  server: TestServer
  hostUrl: string
  frameOrigin: string
  /** Chromium flags: the two hostnames mapped to 127.0.0.1 and treated as secure contexts. */
  browserArgs: string[]
  close(): Promise<void>
}

const unlimited = { limit: 1e9, windowMs: 60_000 }

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

/** Starts the server (as test/e2e/frameLab.ts does) and a host page that runs hostEntry.ts. */
export async function startEmbeddedLab(): Promise<EmbeddedLab> {
  const server = await startTestServer({
    allowedOrigins: { [benchProjectId]: ['http://dapp.test:*'], '*': [] },
    rateLimits: {
      codesPerEmail: unlimited,
      codesPerAddress: unlimited,
      checksPerAddress: unlimited,
    },
    now: Date.now,
  })
  let host: Server | undefined
  try {
    const framePort = new URL(server.url).port
    const frameOrigin = `http://wallet.test:${framePort}`
    // The frame page builds its assets on first use: do that now, not inside a timing.
    await (await fetch(`${server.url}/frame?projectId=${benchProjectId}`)).arrayBuffer()
    const bundle = await build({
      entryPoints: [fileURLToPath(new URL('./hostEntry.ts', import.meta.url))],
      bundle: true,
      minify: true,
      format: 'iife',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
    })
    const script = bundle.outputFiles[0]?.text ?? ''
    host = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://dapp.test').pathname
      if (path === '/host.js') {
        response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' })
        return response.end(script)
      }
      if (path !== '/') return response.writeHead(404).end()
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      response.end(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title></head><body><h1>dapp</h1><script src="/host.js"></script></body></html>',
      )
    })
    const hostPort = await listen(host)
    const query = new URLSearchParams({
      frameUrl: `${frameOrigin}/frame`,
      projectId: benchProjectId,
    })
    const hostServer = host
    return {
      server,
      hostUrl: `http://dapp.test:${hostPort}/?${query}`,
      frameOrigin,
      browserArgs: [
        '--host-resolver-rules=MAP dapp.test 127.0.0.1, MAP wallet.test 127.0.0.1, EXCLUDE 127.0.0.1',
        `--unsafely-treat-insecure-origin-as-secure=http://dapp.test:${hostPort},${frameOrigin}`,
      ],
      async close() {
        await new Promise<void>((resolve) => {
          hostServer.close(() => resolve())
          hostServer.closeAllConnections()
        })
        await server.close()
      },
    }
  } catch (error) {
    host?.close()
    await server.close().catch(() => undefined)
    throw error
  }
}
