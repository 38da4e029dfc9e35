/**
 * Server throughput on loopback (issue 17): connect-email and personal_sign requests per second
 * with 1 and 3 `latchkey` instances (child processes, one round-robin proxy in front) on SQLite
 * (one file) and on PostgreSQL (the harness's unprivileged server), with p50 and p99 latency.
 * Figures, not budgets: `npm run bench -- --only serverThroughput`.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { toHex } from 'viem'
import { hashCanonicalRequest } from '../src/approval/hashCanonicalRequest'
import { normalizeApprovalRequest } from '../src/approval/normalizeApprovalRequest'
import { createDeviceProof } from '../src/deviceProof/createDeviceProof'
import { deviceNonceHeader, deviceProofHeader } from '../src/deviceProof/deviceProofConstants'
import { freePort } from '../test/harness/anvil'
import { createSmtpSink, type SmtpSink } from '../test/harness/createSmtpSink'
import { startPostgresServer, stopPostgresServer } from '../test/harness/postgresServer'
import { startRoundRobinProxy } from '../test/harness/startRoundRobinProxy'
import { createTestDeviceKey, type TestDeviceKey } from '../test/harness/startTestServer'

/** One scenario's figures. */
export interface ThroughputFigure {
  database: 'sqlite' | 'postgres'
  instances: number
  request: 'connect-email' | 'personal_sign'
  requests: number
  perSecond: number
  p50Ms: number
  p99Ms: number
  failed: number
}

const repo = fileURLToPath(new URL('..', import.meta.url))
const roomy = { limit: 1_000_000, windowMs: 60_000 }
const concurrency = 16
const durationMs = 4_000

function startInstance(
  options: Record<string, unknown>,
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(repo, 'test/harness/serverProcess.ts'), JSON.stringify(options)],
    { cwd: repo, stdio: ['pipe', 'pipe', 'inherit'] },
  )
  return new Promise((resolve, reject) => {
    let output = ''
    child.once('exit', (code) => reject(new Error(`an instance exited (${code})`)))
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const url = output.split('\n').find((line) => line.startsWith('http'))
      if (url) resolve({ url: url.trim(), child })
    })
  })
}

const percentile = (sorted: number[], q: number) =>
  Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 10) / 10

/** Runs `call` from `concurrency` loops for `durationMs`; rate and latencies. */
async function drive(call: (n: number) => Promise<boolean>) {
  const times: number[] = []
  let failed = 0
  let n = 0
  const end = performance.now() + durationMs
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const at = performance.now()
        const ok = await call(n++).catch(() => false)
        times.push(performance.now() - at)
        if (!ok) failed++
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const sorted = times.sort((a, b) => a - b)
  return {
    requests: times.length,
    perSecond: Math.round(times.length / seconds),
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    failed,
  }
}

/** A signed-in device: logs in through `url` with a code from `sink`. */
async function signIn(url: string, sink: SmtpSink, i: number) {
  const key: TestDeviceKey = await createTestDeviceKey()
  const email = `bench-signer-${i}@example.test`
  const deviceId = `device-bench-signer-${i}-aaaa`
  let nonce = ''
  const post = async (path: string, body: unknown, token?: string) => {
    const text = JSON.stringify(body)
    const proof = await createDeviceProof({
      privateKey: key.privateKey,
      jwk: key.jwk,
      method: 'POST',
      path,
      body: text,
      nonce,
      iat: Math.floor(Date.now() / 1000),
    })
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      [deviceProofHeader]: proof,
    }
    if (token) headers.authorization = `Bearer ${token}`
    const response = await fetch(`${url}${path}`, { method: 'POST', headers, body: text })
    nonce = response.headers.get(deviceNonceHeader) ?? nonce
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  nonce = ((await (await fetch(`${url}/v1/nonce`)).json()) as { nonce: string }).nonce
  const after = sink.mails.length
  await post('/v1/connect-email', { email, deviceId })
  const otp = await sink.waitForCode(email, { after, timeoutMs: 20_000 })
  const login = await post('/v1/connect-otp', { email, deviceId, otp })
  const token = login.body.token as string
  const headers = { authorization: `Bearer ${token}` }
  const user = await fetch(`${url}/v1/user`, {
    headers: {
      ...headers,
      [deviceProofHeader]: await createDeviceProof({
        privateKey: key.privateKey,
        jwk: key.jwk,
        method: 'GET',
        path: '/v1/user',
        nonce,
        iat: Math.floor(Date.now() / 1000),
      }),
    },
  })
  nonce = user.headers.get(deviceNonceHeader) ?? nonce
  const { address } = (await user.json()) as { address: `0x${string}` }
  return {
    async sign(n: number) {
      const request = normalizeApprovalRequest({
        method: 'personal_sign',
        params: [toHex(`bench ${n}`), address],
        chainId: 1,
        account: address,
      })
      const answer = await post(
        '/v1/rpc',
        { chainId: 1, method: 'personal_sign', request, hash: hashCanonicalRequest(request) },
        token,
      )
      return answer.status === 200
    },
  }
}

async function scenario(
  database: 'sqlite' | 'postgres',
  databaseUrl: string,
  instances: number,
): Promise<ThroughputFigure[]> {
  const sink = await createSmtpSink()
  const proxy = await startRoundRobinProxy()
  const options = {
    databaseUrl,
    smtpUrl: sink.url,
    rateLimits: {
      codesPerEmail: roomy,
      codesPerEmailAllDevices: roomy,
      codesPerAddress: roomy,
      checksPerAddress: roomy,
    },
  }
  const started = await Promise.all(Array.from({ length: instances }, () => startInstance(options)))
  proxy.targets.push(...started.map((each) => each.url))
  try {
    const email = await drive(async (n) => {
      const response = await fetch(`${proxy.url}/v1/connect-email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: `bench${n}@example.test`,
          deviceId: `device-bench-${n}-aaaaaaaa`,
        }),
      })
      await response.arrayBuffer()
      return response.status === 200
    })
    const signers = await Promise.all(
      Array.from({ length: concurrency }, (_, i) => signIn(proxy.url, sink, i)),
    )
    let next = 0
    const signing = await drive((n) =>
      (signers[next++ % signers.length] as (typeof signers)[0]).sign(n),
    )
    return [
      { database, instances, request: 'connect-email', ...email },
      { database, instances, request: 'personal_sign', ...signing },
    ]
  } finally {
    await proxy.close()
    for (const each of started) {
      each.child.stdin?.end()
      await new Promise((resolve) => each.child.once('exit', resolve))
    }
    await sink.close()
  }
}

/** Every scenario: SQLite and PostgreSQL, 1 and 3 instances. */
export async function measureServerThroughput(): Promise<ThroughputFigure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-throughput-'))
  const figures: ThroughputFigure[] = []
  let postgresDir: string | undefined
  try {
    for (const instances of [1, 3])
      figures.push(
        ...(await scenario('sqlite', `file:${join(dir, `bench-${instances}.db`)}`, instances)),
      )
    postgresDir = mkdtempSync(join(tmpdir(), 'latchkey-throughput-pg-'))
    const admin = startPostgresServer(postgresDir, await freePort())
    const { Client } = await import('pg')
    for (const instances of [1, 3]) {
      const client = new Client({ connectionString: admin })
      await client.connect()
      await client.query(`CREATE DATABASE bench_${instances}`)
      await client.end()
      figures.push(
        ...(await scenario(
          'postgres',
          admin.replace(/\/postgres$/, `/bench_${instances}`),
          instances,
        )),
      )
    }
    return figures
  } finally {
    if (postgresDir) {
      stopPostgresServer(postgresDir)
      rmSync(postgresDir, { recursive: true, force: true })
    }
    rmSync(dir, { recursive: true, force: true })
  }
}
