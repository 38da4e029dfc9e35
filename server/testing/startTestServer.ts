import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createLatchkeyServer, type LatchkeyServer } from '../createLatchkeyServer'
import type { LatchkeyServerOptions } from '../options'
import { createSmtpSink, type SmtpSink } from './createSmtpSink'

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

/** A server on a temp SQLite file and a real SMTP sink, listening on loopback. */
export interface TestServer {
  server: LatchkeyServer
  url: string
  dir: string
  databasePath: string
  masterKey: string
  sink: SmtpSink
  clock: FakeClock
  post<T = Record<string, unknown>>(
    path: string,
    body: unknown,
    token?: string,
  ): Promise<ApiAnswer<T>>
  get<T = Record<string, unknown>>(path: string, token?: string): Promise<ApiAnswer<T>>
  /** Logs in `email` from `deviceId` (a new user's VERIFY_OTP path); returns the session token. */
  login(email: string, deviceId?: string): Promise<string>
  close(): Promise<void>
}

export const testMasterKey = '6c61746368b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0'
export const testDeviceId = 'device-aaaaaaaaaaaaaaaa'

async function call<T>(url: string, init: RequestInit, token?: string): Promise<ApiAnswer<T>> {
  const headers = new Headers(init.headers)
  if (token) headers.set('authorization', `Bearer ${token}`)
  const response = await fetch(url, { ...init, headers })
  return { status: response.status, headers: response.headers, body: (await response.json()) as T }
}

/** Starts a test server; `options` override the defaults (temp DB, sink SMTP, fake clock). */
export async function startTestServer(options: LatchkeyServerOptions = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-server-'))
  const databasePath = join(dir, 'latchkey.db')
  const sink = await createSmtpSink()
  let time = Date.UTC(2030, 0, 1)
  const clock: FakeClock = {
    now: () => time,
    advance(ms) {
      time += ms
    },
  }
  const server = await createLatchkeyServer({
    databaseUrl: `file:${databasePath}`,
    smtpUrl: sink.url,
    masterKey: testMasterKey,
    now: clock.now,
    logger: { info: () => {}, warn: () => {} },
    ...options,
  })
  const { url } = await server.listen({ port: 0 })
  const post = <T>(path: string, body: unknown, token?: string) =>
    call<T>(
      `${url}${path}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
      token,
    )
  const get = <T>(path: string, token?: string) => call<T>(`${url}${path}`, {}, token)
  return {
    server,
    url,
    dir,
    databasePath,
    masterKey: testMasterKey,
    sink,
    clock,
    post,
    get,
    async login(email, deviceId = testDeviceId) {
      const after = sink.mails.length
      await post('/v1/connect-email', { email, deviceId })
      const otp = await sink.waitForCode(email, { after })
      const answer = await post<{ token: string }>('/v1/connect-otp', { email, deviceId, otp })
      return answer.body.token
    },
    async close() {
      await server.close()
      await sink.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
