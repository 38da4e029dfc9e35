import { verifyMessage } from 'viem'
import { afterEach, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../test/harness/postgres'
import { personalSign } from '../../test/harness/signWith'
import {
  type ApiAnswer,
  startTestServer,
  type TestServer,
  testMasterKey,
} from '../../test/harness/startTestServer'
import { requestIdHeader } from '../http/observeRequests'

// Issue 17: structured JSON logs with request ids and no secrets; Prometheus metrics behind a
// token.
let t: TestServer | undefined
let database: TestDatabase | undefined
afterEach(async () => {
  await t?.close()
  await database?.drop()
  t = undefined
  database = undefined
})

const metricsToken = 'metrics-token-0123456789abcdef'

test('behavior: JSON logs: one line per request, its id in the x-request-id header, errors by typed name; no token, code, master key, device proof or email in any line', async () => {
  const lines: string[] = []
  const sink = {
    info: (line: string) => lines.push(line),
    warn: (line: string) => lines.push(line),
  }
  t = await startTestServer({ logFormat: 'json', logger: sink })
  const email = 'logged.visitor@example.test'
  const deviceId = 'device-logs-aaaaaaaaaaaa'
  const answers: ApiAnswer<unknown>[] = []
  const after = t.sink.mails.length
  answers.push(await t.post('/v1/connect-email', { email, deviceId }))
  const otp = await t.sink.waitForCode(email, { after })
  const key = await t.createDeviceKey()
  const body = JSON.stringify({ email, deviceId, otp })
  const loginProof = await t.proof(key, { method: 'POST', path: '/v1/connect-otp', body })
  const login = await t.request<{ token: string }>('/v1/connect-otp', { body, proof: loginProof })
  answers.push(login)
  const credential = { token: login.body.token, key }
  const user = await t.get<{ address: `0x${string}` }>('/v1/user', credential)
  answers.push(user)
  const signed = await personalSign(t, credential, user.body.address, 'hello logs')
  answers.push(signed)
  expect(
    await verifyMessage({
      address: user.body.address,
      message: 'hello logs',
      signature: signed.body.result as `0x${string}`,
    }),
  ).toBe(true)
  // Failures: a wrong code for another email, and the token without its device's proof.
  const wrong = await t.post('/v1/connect-otp', {
    email: 'someone.else@example.test',
    deviceId,
    otp: otp === '000000' ? '111111' : '000000',
  })
  answers.push(wrong)
  const bare = await t.request('/v1/user', { token: login.body.token })
  answers.push(bare)
  expect([wrong.status, bare.status]).toEqual([400, 401])

  const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
  const requests = entries.filter((entry) => entry.msg === 'request')
  for (const answer of answers) {
    const id = answer.headers.get(requestIdHeader)
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(requests.filter((entry) => entry.id === id)).toHaveLength(1)
  }
  expect(requests.find((entry) => entry.id === wrong.headers.get(requestIdHeader))).toMatchObject({
    level: 'warn',
    method: 'POST',
    route: '/v1/connect-otp',
    status: 400,
    error: 'InvalidOtpError',
  })
  expect(requests.find((entry) => entry.id === signed.headers.get(requestIdHeader))).toMatchObject({
    level: 'info',
    route: '/v1/rpc',
    status: 200,
  })
  const secrets = [
    login.body.token,
    otp,
    testMasterKey,
    Buffer.from(testMasterKey, 'hex').toString('base64'),
    loginProof,
    // a proof's signature alone (its last segment)
    loginProof.split('.').at(-1) ?? loginProof,
    email,
    'someone.else@example.test',
    '@example.test',
  ]
  for (const line of lines) for (const secret of secrets) expect(line).not.toContain(secret)
})

test('behavior: no /metrics without a token option; with one, 401 without the bearer token', async () => {
  t = await startTestServer()
  expect((await fetch(`${t.url}/metrics`)).status).toBe(404)
  await t.close()
  t = await startTestServer({ metricsToken })
  const none = await fetch(`${t.url}/metrics`)
  expect(none.status).toBe(401)
  expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/)
  const wrong = await fetch(`${t.url}/metrics`, {
    headers: { authorization: `Bearer ${metricsToken}x` },
  })
  expect(wrong.status).toBe(401)
})

test('behavior: metrics count requests by route and status, latencies, rate-limit refusals and signatures; no address or email in them', async () => {
  t = await startTestServer({
    metricsToken,
    rateLimits: { codesPerEmail: { limit: 1, windowMs: 60_000 } },
  })
  const credential = await t.login('counted@example.test', 'device-counted-aaaaaaaa')
  const { address } = (await t.get<{ address: `0x${string}` }>('/v1/user', credential)).body
  expect((await personalSign(t, credential, address, 'one')).status).toBe(200)
  expect((await personalSign(t, credential, address, 'two')).status).toBe(200)
  const again = await t.post('/v1/connect-email', {
    email: 'counted@example.test',
    deviceId: 'device-counted-aaaaaaaa',
  })
  expect(again.status).toBe(429)
  const response = await fetch(`${t.url}/metrics`, {
    headers: { authorization: `Bearer ${metricsToken}` },
  })
  expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
  const text = await response.text()
  for (const line of text.trimEnd().split('\n'))
    expect(line).toMatch(/^(# (HELP|TYPE) \w+ .+|\w+(\{(\w+="[^"]*",?)+\})? [\d.e+-]+)$/)
  expect(text).toContain(
    'latchkey_http_requests_total{method="POST",route="/v1/connect-otp",status="200"} 1',
  )
  expect(text).toContain(
    'latchkey_http_requests_total{method="POST",route="/v1/connect-email",status="429"} 1',
  )
  expect(text).toContain(
    'latchkey_http_requests_total{method="POST",route="/v1/rpc",status="200"} 2',
  )
  expect(text).toContain('latchkey_rate_limited_total{route="/v1/connect-email"} 1')
  expect(text).toContain('latchkey_signatures_total{chain="evm",method="personal_sign"} 2')
  expect(text).toContain('latchkey_http_request_duration_seconds_count{route="/v1/rpc"} 2')
  expect(text).toContain(
    'latchkey_http_request_duration_seconds_bucket{route="/v1/rpc",le="+Inf"} 2',
  )
  expect(text).not.toContain('latchkey_db_pool')
  expect(text.toLowerCase()).not.toContain(address.toLowerCase())
  expect(text).not.toContain('example.test')
})

test('behavior: on PostgreSQL, metrics show each pool’s connections in use, idle and waiting', async () => {
  database = await createTestDatabase()
  t = await startTestServer({ databaseUrl: database.url, metricsToken })
  await t.login('pooled@example.test')
  const text = await (
    await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
  ).text()
  for (const pool of ['queries', 'locks']) {
    expect(text).toMatch(
      new RegExp(`latchkey_db_pool_connections\\{pool="${pool}",state="in_use"\\} \\d+`),
    )
    expect(text).toMatch(
      new RegExp(`latchkey_db_pool_connections\\{pool="${pool}",state="idle"\\} \\d+`),
    )
    expect(text).toMatch(new RegExp(`latchkey_db_pool_waiting\\{pool="${pool}"\\} 0`))
  }
  expect(text).toMatch(/latchkey_db_pool_connections\{pool="queries",state="idle"\} [1-9]/)
})
