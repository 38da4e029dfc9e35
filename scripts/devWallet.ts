/**
 * The dev wallet of `npm run dev`: the Node test wallet (`startWcWallet`, anvil account 0) behind
 * a small page on loopback where a person pastes the playground's WalletConnect URI. It approves
 * the session and answers requests (sign, send, switch); the page lists sessions and requests
 * and can end a session from the wallet's side.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { devAccountKey } from '../test/wcwallet/fixtures'
import { startWcWallet, type WcWallet } from '../test/wcwallet/startWcWallet'

/** A running dev wallet. */
export interface DevWallet {
  url: string
  wallet: WcWallet
  stop(): Promise<void>
}

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Latchkey dev wallet</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:14px/1.5 system-ui,sans-serif;background:#0b0a10;color:#e4e7e7;max-width:720px;margin:32px auto;padding:0 16px}
textarea{width:100%;height:96px;background:#17161d;color:inherit;border:1px solid #333;border-radius:8px;padding:8px;font:12px monospace}
button{background:#8b5cf6;color:#fff;border:0;border-radius:999px;padding:8px 16px;font-weight:600;cursor:pointer;margin:8px 8px 0 0}
pre{background:#17161d;border-radius:8px;padding:12px;white-space:pre-wrap;word-break:break-all;font-size:12px}
</style></head><body>
<h1>Latchkey dev wallet</h1>
<p>Anvil account 0 on chains 1 and 56, through the loopback relay. In the playground pick
<b>WalletConnect</b>, press <b>Copy link</b>, paste it here and pair: the session is approved and
every request (sign, send, switch) is answered at once.</p>
<textarea id="uri" placeholder="wc:…@2?relay-protocol=irn&amp;symKey=…"></textarea>
<button id="pair">Pair</button><button id="disconnect">Disconnect all sessions</button>
<p id="status" role="status"></p>
<pre id="state">…</pre>
<script>
const status = document.getElementById('status')
const post = (path, body) => fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) })
  .then(async (r) => { status.textContent = r.ok ? 'Done.' : 'Failed: ' + (await r.text()) })
document.getElementById('pair').onclick = () => post('/pair', { uri: document.getElementById('uri').value.trim() })
document.getElementById('disconnect').onclick = () => post('/disconnect')
const refresh = () => fetch('/state').then((r) => r.json()).then((s) => { document.getElementById('state').textContent = JSON.stringify(s, null, 2) }).catch(() => {})
setInterval(refresh, 1000); refresh()
</script></body></html>`

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  try {
    const value = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown
    return typeof value === 'object' && value ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

function send(response: ServerResponse, status: number, type: string, body: string) {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' })
  response.end(body)
}

/** Starts the dev wallet on the relay and its page on a free loopback port. */
export async function startDevWallet(options: {
  relayUrl: string
  rpcUrls: Record<number, string>
}): Promise<DevWallet> {
  const wallet = await startWcWallet({ ...options, account: devAccountKey })
  const server = createServer((request, response) => {
    const handle = async () => {
      const { pathname } = new URL(request.url ?? '/', 'http://127.0.0.1')
      if (request.method === 'GET' && pathname === '/')
        return send(response, 200, 'text/html; charset=utf-8', page)
      if (request.method === 'GET' && pathname === '/state') {
        const state = {
          address: wallet.address,
          sessions: wallet.sessions().map((s) => ({ topic: s.topic, peer: s.peer.metadata.name })),
          requests: wallet.requests
            .slice(-10)
            .map(({ method, chainId, outcome }) => ({ method, chainId, outcome })),
        }
        return send(response, 200, 'application/json', JSON.stringify(state))
      }
      if (request.method === 'POST' && pathname === '/pair') {
        const { uri } = await readJson(request)
        if (typeof uri !== 'string' || !uri.startsWith('wc:'))
          return send(response, 400, 'text/plain', 'not a wc: URI')
        await wallet.pair(uri)
        return send(response, 200, 'text/plain', 'paired')
      }
      if (request.method === 'POST' && pathname === '/disconnect') {
        await Promise.all(wallet.sessions().map((s) => wallet.disconnect(s.topic)))
        return send(response, 200, 'text/plain', 'disconnected')
      }
      send(response, 404, 'text/plain', 'Not found')
    }
    handle().catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, 'text/plain', (error as Error).message)
    })
  })
  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => done())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    wallet,
    async stop() {
      server.closeAllConnections()
      await new Promise<void>((done) => server.close(() => done()))
      await wallet.stop()
    },
  }
}
