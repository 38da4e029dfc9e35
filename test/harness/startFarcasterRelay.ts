import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { farcasterTestAccounts, signInWithFarcaster } from './farcasterClient'
import {
  renderFarcasterDevClient,
  renderFarcasterDevClientDone,
  renderFarcasterDevClientHome,
} from './farcasterDevClientPage'

/** A relay channel as the relay keeps it. */
interface Channel {
  request: Record<string, unknown>
  nonce: string
  url: string
  completed?: Record<string, unknown> | undefined
  /** How many times its status was read. */
  reads: number
}

/** A Farcaster auth relay of ours on loopback (the channel API) with a dev Farcaster client page. */
export interface FarcasterTestRelay {
  url: string
  /** The key Farcaster apps authenticate with (`X-Farcaster-Auth-Relay-Key`). */
  relayKey: string
  /** How many times the status of the channel of `channelToken` was read (0: unknown). */
  statusReads(channelToken: string): number
  /** Channels opened so far. */
  readonly channels: number
  close(): Promise<void>
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  let text = ''
  for await (const chunk of req) text += chunk
  try {
    const value: unknown = JSON.parse(text)
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

function html(res: ServerResponse, status: number, page: string) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
  })
  res.end(page)
}

const bearer = (req: IncomingMessage) => /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]

/**
 * Starts the relay: POST /v1/channel (201 `{ channelToken, url, nonce }`), GET /v1/channel/status
 * (Bearer channel token: 202 pending, 200 completed), POST /v1/channel/authenticate (Bearer channel
 * token and the relay key: 201), the shape of Farcaster's auth relay. A channel's URL is this
 * server's dev Farcaster client page (`/~/siwf?channelToken=…`): it signs in as a test account
 * with its known key, as the visitor's Farcaster app would.
 */
export async function startFarcasterRelay(
  options: { host?: string | undefined } = {},
): Promise<FarcasterTestRelay> {
  const relayKey = randomBytes(16).toString('hex')
  const channels = new Map<string, Channel>()
  let base = ''

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', base)
    if (req.method === 'POST' && url.pathname === '/v1/channel') {
      const body = await readJson(req)
      if (typeof body?.siweUri !== 'string' || typeof body.domain !== 'string')
        return send(res, 400, { error: 'siweUri and domain are required' })
      const channelToken = randomUUID()
      const nonce = typeof body.nonce === 'string' ? body.nonce : randomBytes(8).toString('hex')
      const link = new URL('/~/siwf', base)
      link.searchParams.set('channelToken', channelToken)
      link.searchParams.set('nonce', nonce)
      link.searchParams.set('siweUri', body.siweUri)
      link.searchParams.set('domain', body.domain)
      for (const field of ['notBefore', 'expirationTime', 'requestId'])
        if (typeof body[field] === 'string') link.searchParams.set(field, body[field] as string)
      channels.set(channelToken, { request: body, nonce, url: link.href, reads: 0 })
      return send(res, 201, { channelToken, url: link.href, nonce })
    }
    const channel = channels.get(bearer(req) ?? '')
    if (req.method === 'GET' && url.pathname === '/v1/channel/status') {
      if (!channel) return send(res, 401, { error: 'Unauthorized' })
      channel.reads++
      if (!channel.completed) return send(res, 202, { state: 'pending', nonce: channel.nonce })
      return send(res, 200, { state: 'completed', nonce: channel.nonce, ...channel.completed })
    }
    if (req.method === 'POST' && url.pathname === '/v1/channel/authenticate') {
      if (!channel || req.headers['x-farcaster-auth-relay-key'] !== relayKey)
        return send(res, 401, { error: 'Unauthorized' })
      const body = await readJson(req)
      if (!body) return send(res, 400, { error: 'Expected JSON' })
      const { message, signature, fid, username, authMethod } = body
      channel.completed = { message, signature, fid, username, authMethod, url: channel.url }
      return send(res, 201, { state: 'completed', nonce: channel.nonce, ...channel.completed })
    }
    if (req.method === 'GET' && url.pathname === '/')
      return html(res, 200, renderFarcasterDevClientHome())
    if (req.method === 'GET' && url.pathname === '/~/siwf/paste') {
      // A Sign In With Farcaster URL pasted on the home page: its channel's page here.
      let pasted: URL | undefined
      try {
        pasted = new URL(url.searchParams.get('uri') ?? '')
      } catch {}
      if (!pasted?.searchParams.get('channelToken'))
        return html(res, 400, renderFarcasterDevClientHome(true))
      res.writeHead(303, { location: `/~/siwf${pasted.search}` })
      return res.end()
    }
    if (req.method === 'GET' && url.pathname === '/~/siwf')
      return html(res, 200, renderFarcasterDevClient(url))
    if (req.method === 'POST' && url.pathname === '/~/siwf') {
      // The dev client's button: sign the channel of this page's URL as the chosen account.
      let text = ''
      for await (const chunk of req) text += chunk
      const form = new URLSearchParams(text)
      const account =
        form.get('account') === 'bob' ? farcasterTestAccounts.bob : farcasterTestAccounts.alice
      const chosen = form.get('method') ?? url.searchParams.get('method')
      const method = chosen === 'authAddress' ? 'authAddress' : 'custody'
      const status = await signInWithFarcaster(url.href, {
        account,
        method,
        relayUrl: base,
        relayKey,
      })
      return html(
        res,
        status === 201 ? 200 : 400,
        renderFarcasterDevClientDone(account.username, status),
      )
    }
    return send(res, 404, { error: 'Not found' })
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { error: String(error) }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  base = `http://${options.host ?? '127.0.0.1'}:${port}`
  return {
    url: base,
    relayKey,
    statusReads: (token) => channels.get(token)?.reads ?? 0,
    get channels() {
      return channels.size
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
