import { readFile, stat } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { connect as connectTcp } from 'node:net'
import { extname, join, normalize, resolve, sep } from 'node:path'
import type { Duplex } from 'node:stream'

/** A running static server over the built playground. */
export interface PlaygroundServer {
  url: string
  port: number
  stop(): Promise<void>
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
}

/**
 * The playground's Content-Security-Policy (plan G13): no inline script or style, no `eval`;
 * scripts and styles from the page's own origin only. Network and frames may reach loopback (the
 * RPC and relay proxies, a relay elsewhere, the embedded wallet's frame on `wallet.test`).
 */
export const strictCsp = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' http://127.0.0.1:* ws://127.0.0.1:* http://*.test:* ws://*.test:*",
  "frame-src 'self' http://127.0.0.1:* http://*.test:*",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ')

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

async function proxyRpc(request: IncomingMessage, response: ServerResponse, target: string) {
  try {
    const upstream = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Uint8Array(await readBody(request)),
    })
    response.writeHead(upstream.status, { 'content-type': 'application/json' })
    response.end(Buffer.from(await upstream.arrayBuffer()))
  } catch (error) {
    response.writeHead(502, { 'content-type': 'text/plain' })
    response.end(`rpc proxy: ${(error as Error).message}`)
  }
}

async function serveFile(root: string, pathname: string, response: ServerResponse) {
  const decoded = decodeURIComponent(pathname)
  let file = normalize(join(root, decoded))
  if (file !== root && !file.startsWith(root + sep)) {
    response.writeHead(403).end()
    return
  }
  const info = await stat(file).catch(() => undefined)
  if (info?.isDirectory()) file = join(file, 'index.html')
  let body = await readFile(file).catch(() => undefined)
  // SPA fallback: unknown paths without an extension get index.html.
  if (!body && !extname(decoded)) {
    file = join(root, 'index.html')
    body = await readFile(file).catch(() => undefined)
  }
  if (!body) {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
    return
  }
  response.writeHead(200, {
    'content-type': types[extname(file)] ?? 'application/octet-stream',
    'cache-control': 'no-store',
    ...(extname(file) === '.html' ? { 'content-security-policy': strictCsp } : {}),
  })
  response.end(body)
}

/**
 * Pipes a WebSocket upgrade on `/relay` to the loopback relay as it is (the handshake is replayed
 * with the path rewritten to `/`, keeping the query: core sends its client id there).
 */
function proxyRelay(request: IncomingMessage, socket: Duplex, head: Buffer, relay: string) {
  const target = new URL(relay)
  const upstream = connectTcp(Number(target.port), target.hostname, () => {
    const { search } = new URL(request.url ?? '/', 'http://127.0.0.1')
    const lines = [`GET /${search} HTTP/1.1`]
    for (let i = 0; i < request.rawHeaders.length; i += 2)
      lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`)
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`)
    if (head.length) upstream.write(head)
    upstream.pipe(socket)
    socket.pipe(upstream)
  })
  const close = () => {
    upstream.destroy()
    socket.destroy()
  }
  upstream.on('error', close)
  socket.on('error', close)
  upstream.on('close', close)
  socket.on('close', close)
}

/**
 * Serves `root` (the built playground) on a free loopback port and proxies
 * `POST /rpc/{chainId}` to the anvil node for that chain, and the `/relay` WebSocket to `relay`.
 */
export async function startPlaygroundServer({
  root,
  rpc,
  relay,
}: {
  root: string
  rpc: Record<number, string>
  /** The loopback WalletConnect relay (`ws://127.0.0.1:…`), served as the `/relay` WebSocket. */
  relay?: string | undefined
}): Promise<PlaygroundServer> {
  const base = resolve(root)
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://127.0.0.1')
    const rpcMatch = pathname.match(/^\/rpc\/(\d+)$/)
    if (rpcMatch) {
      const target = rpc[Number(rpcMatch[1])]
      if (request.method !== 'POST' || !target) {
        response.writeHead(request.method !== 'POST' ? 405 : 404).end()
        return
      }
      void proxyRpc(request, response, target)
      return
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405).end()
      return
    }
    void serveFile(base, pathname, response).catch(() => {
      if (!response.headersSent) response.writeHead(500)
      response.end()
    })
  })
  server.on('upgrade', (request, socket, head) => {
    const { pathname } = new URL(request.url ?? '/', 'http://127.0.0.1')
    if (relay && pathname === '/relay') proxyRelay(request, socket, head, relay)
    else socket.destroy()
  })
  server.keepAliveTimeout = 1_000
  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => done())
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}
