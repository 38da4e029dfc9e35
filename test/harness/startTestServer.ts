import { createLatchkeyServer, type LatchkeyServer } from '../../server/createLatchkeyServer'
import type { LatchkeyServerOptions } from '../../server/options'
import { createDeviceProof } from '../../src/deviceProof/createDeviceProof'
import { deviceNonceHeader, deviceProofHeader } from '../../src/deviceProof/deviceProofConstants'
import type { DeviceJwk } from '../../src/deviceProof/deviceProofSchemas'
import { jwkThumbprint } from '../../src/deviceProof/jwkThumbprint'
import { createSmtpSink, type SmtpSink } from './createSmtpSink'
import { leaseTestDatabase, queryDatabase } from './testDatabase'

/** A fake clock the server reads through its `now` option. */
export interface FakeClock {
  now(): number
  advance(ms: number): void
}

/** An answer of the test API helper. */
export interface ApiAnswer<T = Record<string, unknown>> {
  status: number
  headers: Headers
  body: T
}

/** A device key as the frame makes one: ECDSA P-256 (Node WebCrypto), private key non-extractable. */
export interface TestDeviceKey {
  privateKey: CryptoKey
  jwk: DeviceJwk
  /** RFC 7638 thumbprint of `jwk`. */
  thumbprint: string
}

/** What `login()` gives: the session token and the device key the session is bound to. */
export interface TestCredential {
  token: string
  key: TestDeviceKey
}

/**
 * How a helper call authenticates: a {@link TestCredential} (bearer token + a fresh proof by its
 * key, retried once on a stale nonce), a {@link TestDeviceKey} alone (a proof, no token: a login),
 * or a string (a bare bearer token and no proof: what a thief has).
 */
export type TestAuth = TestCredential | TestDeviceKey | string

/** What one proof covers, for hand-made (attack) proofs; defaults are the honest values. */
export interface TestProofParameters {
  method: string
  /** Path with query, e.g. `/v1/rpc`. */
  path: string
  /** The exact body string (undefined: none). */
  body?: string | undefined
  /** Default: the last nonce the server handed out. */
  nonce?: string | undefined
  /** Seconds; default: the server clock. */
  iat?: number | undefined
  jti?: string | undefined
}

/** A raw request: nothing signed or retried for you. */
export interface TestRawRequest {
  method?: 'GET' | 'POST'
  /** Sent as JSON when not a string; a string is sent as is. */
  body?: unknown
  token?: string | undefined
  proof?: string | undefined
}

/**
 * A server on an empty database of the run's backend (a temp SQLite file, or a PostgreSQL
 * database in the `integration-pg` project: `testDatabase.ts`) and a real SMTP sink, listening on
 * loopback.
 */
export interface TestServer {
  server: LatchkeyServer
  /** Where the helpers send requests: this server, or the proxy in front of it (`via`). */
  url: string
  /** This server's own address. */
  directUrl: string
  /** The server's database (`options.databaseUrl` when given). */
  databaseUrl: string
  /** Rows of `sql` (`?` placeholders) on the server's database, read by a connection of its own. */
  query(sql: string, args?: unknown[]): Promise<Record<string, unknown>[]>
  masterKey: string
  sink: SmtpSink
  clock: FakeClock
  /**
   * POSTs JSON; `auth` as in {@link TestAuth}. A POST to /v1/connect-otp without `auth` is signed
   * by a new device key, as the frame's is (the token is then usable only with that key: use
   * `login()` for a session you go on using).
   */
  post<T = Record<string, unknown>>(
    path: string,
    body: unknown,
    auth?: TestAuth,
  ): Promise<ApiAnswer<T>>
  /** GETs; `auth` as in {@link TestAuth}. */
  get<T = Record<string, unknown>>(path: string, auth?: TestAuth): Promise<ApiAnswer<T>>
  /** Sends exactly what it is given (for attacks: bare tokens, forged or replayed proofs). */
  request<T = Record<string, unknown>>(path: string, init?: TestRawRequest): Promise<ApiAnswer<T>>
  /**
   * Logs in `email` from `deviceId` (a new user's VERIFY_OTP path) with a new device key; returns
   * the token and the key. Pass it unchanged to `post`/`get`.
   */
  login(email: string, deviceId?: string): Promise<TestCredential>
  /** A new device key (Node WebCrypto, P-256, private key non-extractable). */
  createDeviceKey(): Promise<TestDeviceKey>
  /** Signs a proof with `key` (server clock, last nonce unless given). */
  proof(key: TestDeviceKey, parameters: TestProofParameters): Promise<string>
  /** A fresh nonce from GET /v1/nonce. */
  nonce(): Promise<string>
  close(): Promise<void>
}

export const testMasterKey = '6c61746368b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0'
export const testDeviceId = 'device-aaaaaaaaaaaaaaaa'

/** A new device key: ECDSA P-256 with a non-extractable private key, as the frame makes one. */
export async function createTestDeviceKey(): Promise<TestDeviceKey> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'sign',
    'verify',
  ])
  const { x, y } = await crypto.subtle.exportKey('jwk', pair.publicKey)
  const jwk: DeviceJwk = { kty: 'EC', crv: 'P-256', x: x ?? '', y: y ?? '' }
  return { privateKey: pair.privateKey, jwk, thumbprint: await jwkThumbprint(jwk) }
}

function isCredential(auth: TestAuth | undefined): auth is TestCredential {
  return typeof auth === 'object' && 'token' in auth
}

/** What several servers of one test share (`startCluster`): none by default. */
export interface SharedHarness {
  /** The helpers' requests go here (a proxy in front of several servers), not to this server. */
  via?: string | undefined
  /** The mail sink (left open by `close`). */
  sink?: SmtpSink | undefined
  clock?: FakeClock | undefined
  /** A port chosen before (the URLs identity providers redirect to name it); else any free one. */
  port?: number | undefined
}

/** A fake clock starting at 2030-01-01. */
export function createFakeClock(): FakeClock {
  let time = Date.UTC(2030, 0, 1)
  return {
    now: () => time,
    advance(ms) {
      time += ms
    },
  }
}

/** Starts a test server; `options` override the defaults (temp DB, sink SMTP, fake clock). */
export async function startTestServer(
  options: LatchkeyServerOptions = {},
  shared: SharedHarness = {},
): Promise<TestServer> {
  const database = options.databaseUrl ? undefined : await leaseTestDatabase()
  const databaseUrl = options.databaseUrl ?? database?.url ?? ''
  const sink = shared.sink ?? (await createSmtpSink())
  const clock = shared.clock ?? createFakeClock()
  const server = await createLatchkeyServer({
    smtpUrl: sink.url,
    masterKey: testMasterKey,
    now: clock.now,
    logger: { info: () => {}, warn: () => {} },
    ...options,
    databaseUrl,
  }).catch(async (error: unknown) => {
    await database?.release()
    throw error
  })
  const { url: own } = await server.listen({ port: shared.port ?? 0 })
  const url = shared.via ?? own
  let lastNonce: string | undefined

  async function request<T>(path: string, init: TestRawRequest = {}): Promise<ApiAnswer<T>> {
    const headers = new Headers()
    if (init.token) headers.set('authorization', `Bearer ${init.token}`)
    if (init.proof) headers.set(deviceProofHeader, init.proof)
    let body: string | undefined
    if (init.body !== undefined) {
      headers.set('content-type', 'application/json')
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body)
    }
    const response = await fetch(`${url}${path}`, {
      method: init.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
    })
    lastNonce = response.headers.get(deviceNonceHeader) ?? lastNonce
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as T,
    }
  }

  async function nonce(): Promise<string> {
    const answer = await request<{ nonce: string }>('/v1/nonce')
    return answer.body.nonce
  }

  async function proof(key: TestDeviceKey, parameters: TestProofParameters): Promise<string> {
    const target = new URL(parameters.path, url)
    return createDeviceProof({
      privateKey: key.privateKey,
      jwk: key.jwk,
      method: parameters.method,
      path: `${target.pathname}${target.search}`,
      body: parameters.body,
      nonce: parameters.nonce ?? lastNonce ?? (await nonce()),
      iat: parameters.iat ?? Math.floor(server.context.now() / 1000),
      jti: parameters.jti,
    })
  }

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    auth: TestAuth | undefined,
  ): Promise<ApiAnswer<T>> {
    const text = body === undefined ? undefined : JSON.stringify(body)
    const token = typeof auth === 'string' ? auth : isCredential(auth) ? auth.token : undefined
    let key = typeof auth === 'object' ? (isCredential(auth) ? auth.key : auth) : undefined
    // A login always comes with a device key (as from the frame); send none with `request`.
    if (auth === undefined && new URL(path, url).pathname === '/v1/connect-otp')
      key = await createTestDeviceKey()
    const send = async () =>
      request<T>(path, {
        method,
        body: text,
        token,
        proof: key && (await proof(key, { method, path, body: text })),
      })
    const answer = await send()
    const error = (answer.body as { error?: { name?: string } } | undefined)?.error
    // What the frame's API client does: one retry with the nonce of the 401's headers.
    return key && error?.name === 'DeviceProofNonceError' ? send() : answer
  }

  const post = <T>(path: string, body: unknown, auth?: TestAuth) =>
    call<T>('POST', path, body, auth)
  const get = <T>(path: string, auth?: TestAuth) => call<T>('GET', path, undefined, auth)
  return {
    server,
    url,
    directUrl: own,
    databaseUrl,
    query: (sql, args) => queryDatabase(databaseUrl, sql, args),
    masterKey: testMasterKey,
    sink,
    clock,
    post,
    get,
    request,
    proof,
    nonce,
    createDeviceKey: createTestDeviceKey,
    async login(email, deviceId = testDeviceId) {
      const after = sink.mails.length
      await post('/v1/connect-email', { email, deviceId })
      const otp = await sink.waitForCode(email, { after })
      const key = await createTestDeviceKey()
      const answer = await post<{ token: string }>('/v1/connect-otp', { email, deviceId, otp }, key)
      if (typeof answer.body.token !== 'string')
        throw new TypeError(`login failed: ${answer.status} ${JSON.stringify(answer.body)}`)
      return { token: answer.body.token, key }
    },
    async close() {
      await server.close()
      if (!shared.sink) await sink.close()
      await database?.release()
    },
  }
}
