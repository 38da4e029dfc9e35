import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, test } from 'vitest'
import { SiwxResponseError } from '../errors/SiwxResponseError'
import { createServerSiwxAdapter } from './createServerSiwxAdapter'
import { parseSiwxMessage } from './parseSiwxMessage'
import type { SiwxSession } from './types'

const account = privateKeyToAccount(
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
)
type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void
let server: Server | undefined

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  server = undefined
})

async function serve(handler: Handler): Promise<{ baseUrl: string; calls: string[] }> {
  const calls: string[] = []
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      calls.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`.trim())
      handler(req, body, res)
    })
  })
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return { baseUrl: `http://127.0.0.1:${port}/`, calls }
}

function json(res: ServerResponse, value: unknown, status = 200) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(value))
}

/** A tiny honest server: the test stands in for `latchkey/server`. */
function honest(): Handler {
  let current: SiwxSession | null = null
  return (req, body, res) => {
    if (req.url === '/siwx/nonce') return json(res, { nonce: 'abcdefghijklmnop1234' })
    if (req.url === '/siwx/verify') {
      const { message, signature } = JSON.parse(body)
      current = { data: parseSiwxMessage(message), message, signature }
      return json(res, { session: current, token: 'tok123' })
    }
    if (req.url === '/siwx/session') return json(res, { session: current })
    if (req.url === '/siwx/signout') {
      current = null
      res.writeHead(204)
      return res.end()
    }
    json(res, { error: 'not found' }, 404)
  }
}

const origin = () => ({ domain: 'dapp.test', uri: 'https://dapp.test/' })
const input = { chainId: 'eip155:1' as const, address: account.address }

async function errorOf(promise: Promise<unknown>) {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  )
}

describe('createServerSiwxAdapter', () => {
  test('default: cookie session round trip', async () => {
    const { baseUrl, calls } = await serve(honest())
    const adapter = createServerSiwxAdapter({ baseUrl, getOrigin: origin })
    const { data, message } = await adapter.createMessage(input)
    expect(data.nonce).toBe('abcdefghijklmnop1234')
    await adapter.addSession({ data, message, signature: await account.signMessage({ message }) })
    expect(await adapter.getSessions('eip155:1', account.address.toLowerCase())).toHaveLength(1)
    expect(await adapter.getSessions('eip155:56', account.address)).toEqual([])
    await adapter.revokeSession('eip155:1', account.address)
    expect(await adapter.getSessions('eip155:1', account.address)).toEqual([])
    expect(calls).toEqual([
      'GET /siwx/nonce',
      'POST /siwx/verify',
      'GET /siwx/session',
      'GET /siwx/session',
      'GET /siwx/session',
      'POST /siwx/signout',
      'GET /siwx/session',
    ])
  })

  test('parameters: credentials bearer sends the token from verify', async () => {
    const { baseUrl, calls } = await serve(honest())
    const adapter = createServerSiwxAdapter({ baseUrl, getOrigin: origin, credentials: 'bearer' })
    expect(await adapter.getSessions('eip155:1', account.address)).toEqual([])
    const { data, message } = await adapter.createMessage(input)
    await adapter.addSession({ data, message, signature: '0x01' })
    await adapter.getSessions('eip155:1', account.address)
    expect(calls.at(-1)).toBe('GET /siwx/session Bearer tok123')
  })

  test('behavior: bad responses throw SiwxResponseError', async () => {
    const cases: Handler[] = [
      (_, __, res) => json(res, { nonce: 'short' }),
      (_, __, res) => json(res, { nope: true }),
      (_, __, res) => json(res, { error: 'boom' }, 500),
      (_, __, res) => {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end('{not json')
      },
    ]
    for (const handler of cases) {
      const { baseUrl } = await serve(handler)
      const adapter = createServerSiwxAdapter({ baseUrl, getOrigin: origin })
      expect(await errorOf(adapter.getNonce(input))).toBeInstanceOf(SiwxResponseError)
      await new Promise<void>((resolve) => server?.close(() => resolve()))
      server = undefined
    }
  })

  test('behavior: a verify answer for another message, or a forged session, is refused', async () => {
    const { baseUrl } = await serve((req, _, res) => {
      if (req.url === '/siwx/nonce') return json(res, { nonce: 'abcdefghijklmnop1234' })
      json(res, { session: { data: { accountAddress: 'x' }, message: 'm', signature: 's' } })
    })
    const adapter = createServerSiwxAdapter({ baseUrl, getOrigin: origin })
    const { data, message } = await adapter.createMessage(input)
    const error = await errorOf(adapter.addSession({ data, message, signature: '0x01' }))
    expect(error).toBeInstanceOf(SiwxResponseError)
    expect((error as SiwxResponseError).shortMessage).toMatchInlineSnapshot(
      `"The sign-in server answered POST /siwx/verify with an unexpected response."`,
    )
  })

  test('behavior: an unreachable server or a timeout throws SiwxResponseError', async () => {
    const unreachable = createServerSiwxAdapter({
      baseUrl: 'http://127.0.0.1:1',
      getOrigin: origin,
    })
    expect(await errorOf(unreachable.getNonce(input))).toBeInstanceOf(SiwxResponseError)
    const { baseUrl } = await serve(() => {})
    const hanging = createServerSiwxAdapter({ baseUrl, getOrigin: origin, timeout: 200 })
    expect(await errorOf(hanging.getNonce(input))).toBeInstanceOf(SiwxResponseError)
    server?.closeAllConnections()
  })
})
